# Die Wörter von boxoffice auf Deutsch (die Quelle ist en.ftl).

## Zahlen und Daten

number-group = .
date = { $weekday ->
        [0] Mo.
        [1] Di.
        [2] Mi.
        [3] Do.
        [4] Fr.
        [5] Sa.
       *[6] So.
    } { $day }. { $month ->
        [1] Jan.
        [2] Feb.
        [3] März
        [4] Apr.
        [5] Mai
        [6] Juni
        [7] Juli
        [8] Aug.
        [9] Sept.
        [10] Okt.
        [11] Nov.
       *[12] Dez.
    }
date-time = { $weekday ->
        [0] Mo.
        [1] Di.
        [2] Mi.
        [3] Do.
        [4] Fr.
        [5] Sa.
       *[6] So.
    } { $day }. { $month ->
        [1] Jan.
        [2] Feb.
        [3] März
        [4] Apr.
        [5] Mai
        [6] Juni
        [7] Juli
        [8] Aug.
        [9] Sept.
        [10] Okt.
        [11] Nov.
       *[12] Dez.
    } { $time }
day-today = heute
day-tomorrow = morgen
day-yesterday = gestern
day-in = { $count ->
        [one] in { $count } Tag
       *[other] in { $count } Tagen
    }
day-ago = { $count ->
        [one] vor { $count } Tag
       *[other] vor { $count } Tagen
    }
age-days = { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }

## Die Urteile

verdict-valid = GÜLTIG
verdict-already-admitted = SCHON EINGELASSEN
verdict-not-valid = UNGÜLTIG
verdict-other-edition = ANDERE AUSGABE
verdict-other-event = ANDERES EVENT
verdict-unknown = UNBEKANNT
verdict-exit = AUSGANG
verdict-welcome-back = WIEDER DA
verdict-not-open-yet = NOCH NICHT OFFEN
verdict-closed = GESCHLOSSEN
verdict-not-inside = NICHT DRINNEN
verdict-full = VOLL
verdict-valid-short = GÜLTIG
verdict-already-admitted-short = SCHON DRIN
verdict-not-valid-short = UNGÜLTIG
verdict-other-edition-short = AUSGABE
verdict-other-event-short = EVENT
verdict-unknown-short = UNBEKANNT
verdict-exit-short = AUSGANG
verdict-welcome-back-short = WIEDER DA
verdict-not-open-yet-short = NOCH ZU
verdict-closed-short = ZU
verdict-not-inside-short = NICHT DRIN
verdict-full-short = VOLL
verdict-held = ZURÜCK
face-checking = PRÜFE
face-not-recorded = NICHT ERFASST
face-undone = RÜCKGÄNGIG
face-other-lane = ANDERE SPUR

## Was ein Urteil bedeutet

meaning-valid = eingelassen: hereinlassen
meaning-admitted-just-now = gerade eben eingelassen an { $lane }
meaning-admitted-at = eingelassen um { $time } UTC an { $lane }
meaning-back-just-now = gerade eben wieder herein an { $lane }
meaning-back-at = wieder herein um { $time } UTC an { $lane } (Wiedereinlass)
meaning-ticket-for = Ticket für { $name }{ $when }
meaning-unknown = kein Ticket passt
meaning-exit = geht: erfasst (einer weniger drinnen)
meaning-welcome-back = wieder herein: ging um { $time } UTC an { $lane }
meaning-left = ging um { $time } UTC an { $lane } — kein Wiedereinlass an dieser Tür
meaning-not-open-yet = öffnet { $opens }: nichts erfasst
meaning-closed = geschlossen { $closed }: nichts erfasst
meaning-not-inside = an dieser Tür nicht eingelassen: nichts erfasst
meaning-left-already = schon gegangen um { $time } UTC an { $lane }: nichts erfasst
meaning-full = { $inside } drinnen von { $capacity } — der Nächste, wenn einer geht
meaning-held = eine Notiz hält die Tür an: einzeln scannen
meaning-forced-capacity = über die Kapazität der Tür eingelassen: erzwungen von { $lane }
meaning-forced-hours = außerhalb der Öffnungszeiten eingelassen: erzwungen von { $lane }
meaning-from-list = { $meaning } (aus der Liste: die API hat nicht geantwortet)
meaning-no-match = kein Ticket passt zu „{ $scanned }“
meaning-why = { $why }: „{ $scanned }“
meaning-checking = prüfe Ticket { $scanned }…
meaning-undone = rückgängig: nicht eingelassen
meaning-elsewhere = eingelassen an { $lane }
status-unenrolled = widerrufen (abgemeldet)
status-unknown = Status unbekannt
status-cancelled = storniert
status-pending = ausstehend
why-not-a-code = kein Ticketcode
why-foreign = ein Link zu einer anderen Seite ({ $host })
why-no-such-number = kein Ticket hier hat diese Nummer
why-no-such-id = kein Ticket hat diese ID
why-could-not-read = das Ticket war nicht lesbar ({ $why })
why-names-no-event = das Ticket nennt kein Event
admit-order-line = (Bestellung { $order })

## Der Einlass

note-scans-beside = die letzten Scans stehen rechts
note-wrong-pin = falsche PIN: der Einlass bleibt offen
note-nothing-to-close = nichts zu schließen: { $key } verlässt den Einlass
note-read-only = nur lesen: Anmelden und Widerrufen sind aus
note-walk-in-offline = offline: die Abendkasse braucht das Netz (nichts wird vorgemerkt); der Einlass liest die Liste von selbst neu
note-order-none = Bestellung { $order }: niemand gewählt, niemand eingelassen
note-order-admitted = Bestellung { $order }: { $count } weitere eingelassen
note-nothing-to-undo = nichts rückgängig zu machen: dieser Einlass hat hier niemanden eingelassen
note-undo-too-old = nichts rückgängig zu machen: der letzte Einlass hier ({ $number } um { $time }) ist über { $minutes } Min. alt

banner-sending = { $count } in der Warteschlange · wird an das gemeinsame Protokoll gesendet
banner-sending-short = { $count } wartend · wird gesendet
banner-unreachable = GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Urteile nur von dieser Spur
banner-unreachable-queued = { $count ->
        [one] GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Urteile nur von dieser Spur · 1 Einlass wartend
       *[other] GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Urteile nur von dieser Spur · { $count } Einlässe wartend
    }
banner-unreachable-short = PROTOKOLL NICHT ERREICHBAR seit { $since }
banner-unreachable-short-queued = PROTOKOLL NICHT ERREICHBAR seit { $since } · { $count } wartend

held-of = prüfe… { $read } von { $of } gelesen
held-read = prüfe… { $read } gelesen
held-others = prüfe… die Listen der anderen Ausgaben ({ $count } noch gelesen)

policy-edition = Ausgabe { $id }
policy-this-edition = diese Ausgabe
policy-every-edition = alle Ausgaben
policy-from = ab { $time }
policy-until = bis { $time }
policy-reentry = Wiedereinlass
policy-max = max. { $capacity }

desk-finding = suche die heutige Ausgabe von { $title }…
desk-choosing = Heute laufen mehrere Ausgaben von { $title }: welche?
desk-choosing-keys = ↑/↓ wählen · Enter Einlass · { $leave } verlassen
desk-prompt-scan = Scan
desk-prompt-name = Name
desk-prompt-pin = PIN
desk-ready = bereit: Ticket scannen
desk-ready-exit = AUSGANGSSPUR — bereit: Ticket scannen, um einen Gast hinauszulassen
desk-exit-lane-tag = ↤ AUSGANGSSPUR
desk-lane = Spur { $lane }
desk-online = ● online · { $n } Tickets
desk-loading = lade Tickets… { $n } gelesen
desk-refreshing = { $n } Tickets · aktualisiere… ({ $read } gelesen)
desk-refreshing-from = Liste von { $time } UTC, aktualisiere… ({ $read } gelesen)
desk-offline = ✖ OFFLINE — { $from } · { $error } · F5 erneut
desk-list-read-at = Liste gelesen um { $time } UTC{ $age }
desk-list-from = Liste von { $time } UTC{ $age }
desk-list-age = { $age } alt
desk-no-offline-list = keine Offline-Liste
desk-read-before-failed = { $n } Tickets gelesen vor dem Fehler
desk-api-down = ✖ API nicht erreichbar seit { $time } UTC{ $list }
desk-list-of = Liste von { $time } UTC
counter-adm = ein
counter-inside = drin
counter-valid = gültig
counter-total = gesamt
counter-admitted = eingelassen
counter-inside-now = jetzt drinnen
counter-last-5-min = letzte 5 Min.
desk-note-done = (Enter: erledigt)
desk-force-hint = { $key }: trotzdem einlassen (fragt)
desk-order = Bestellung { $order }: { $count } weitere — { $names } · { $enter } · Leertaste wählt
desk-order-enter = Enter lässt alle ein
desk-order-enter-but = Enter lässt alle außer ⚑ ein
desk-order-in-already = schon drin: { $names }

## Die Fragen am Einlass

ask-undo-just-now = Einlass von { $who } von gerade eben rückgängig machen?
ask-undo-at = Einlass von { $who } um { $time } UTC rückgängig machen?
ask-undo-how = Enter: rückgängig · Esc: behalten (ein Scan behält ihn auch)
ask-undo-exit = Ausgang von { $who } um { $time } UTC rückgängig machen?
ask-undo-exit-how = Enter: wieder drinnen · Esc: behalten (ein Scan behält ihn auch)
ask-leave = Den Einlass verlassen?
ask-leave-how = Enter oder nochmals { $key }: verlassen · Esc: bleiben
ask-leave-pin-how = PIN eingeben, dann Enter · Esc: bleiben
ask-leave-line = Den Einlass verlassen? Enter oder nochmals { $key }: verlassen · Esc: bleiben
ask-leave-line-pin = Den Einlass verlassen? PIN › { $dots }▏ (Enter · Esc: bleiben)
ask-leave-help = { $leave } verlassen · { $help } Hilfe
ask-exit-lane = Diese Spur zur Ausgangsspur machen? Ein Scan lässt dann einen Gast hinaus (AUSGANG).
ask-entry-lane = Diese Spur wieder zur Eingangsspur machen?
ask-yes-no = Enter: ja · Esc: nein (ein Scan sagt auch nein)
ask-force-capacity = { $who } trotzdem einlassen, über die Kapazität der Tür?
ask-force-hours = { $who } trotzdem einlassen, außerhalb der Öffnungszeiten?
ask-force-this-ticket = dieses Ticket
ask-force-how = Enter: einlassen, als erzwungen von Spur { $lane } erfasst · Esc: nein
ask-search = Einen Gast nach Namen suchen
ask-search-how = Namen eingeben, dann Enter · Esc: zurück zum Scannen (ein Scan wird geprüft)
ask-order = { $count } weitere der Bestellung { $order } einlassen?
ask-order-how = Enter: einlassen · Leertaste: wählen · ↑/↓ · Esc: nein (ein Scan sagt auch nein)

## Die Tafeln am Einlass

panel-help = Tasten · der Einlass (F1 oder Esc schließt; ein Scan wird geprüft)
panel-named = { $count ->
        [one] { $count } Gast passt zu „{ $typed }“ — ↑/↓ wählen, Enter prüfen, Esc schließen
       *[other] { $count } Gäste passen zu „{ $typed }“ — ↑/↓ wählen, Enter prüfen, Esc schließen
    }
panel-named-admitted = eingelassen { $time } an { $lane }
panel-last-scans = Letzte Scans
panel-none-yet = noch keine
panel-twice = Doppelt eingelassen
panel-reading = lese…
panel-cannot-read = nicht lesbar: { $error }
panel-none = keine
panel-twice-close = F6 oder Esc: schließen

## Die Tasten am Einlass

hint-scan = Scan
hint-help = Hilfe
hint-walk-in = Abendkasse
hint-name = Name
hint-last-scans = zuletzt
hint-refresh = neu laden
hint-door = Tür
hint-undo = rückgängig
hint-exit-lane = Ausgangsspur
hint-twice = doppelt
hint-leave = verlassen
help-quit = den Einlass verlassen, wie mit der Verlassen-Taste (fragt)

## Fragen vor einem Schreiben (widerrufen, anmelden)

revoke-title = Ticket widerrufen?
revoke-ticket = Ticket
revoke-attendee = Gast
revoke-email = E-Mail
revoke-edition = Ausgabe
revoke-not-confirmed = Dieses Ticket ist { $status }, nicht bestätigt.
revoke-cannot-undo = Das Ticket wird abgemeldet, unwiderruflich.
revoke-key-yes = widerrufen
revoke-key-other = jede andere Taste
revoke-key-cancel = abbrechen
enroll-title = Per E-Mail anmelden
enroll-into = für
enroll-email = E-Mail
enroll-name = Vorname
enroll-last-name = Nachname
enroll-type = Typ
enroll-rereading = ⟳ lese die Tickets erneut…
enroll-sending = ⟳ sende…
enroll-send = senden
enroll-next = nächstes Feld
enroll-cancel = abbrechen
