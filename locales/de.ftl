# Die Wörter von boxoffice auf Deutsch (die Quelle ist en.ftl).

## Zahlen und Daten

number-group = .
number-decimal = ,
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
date-long = { $day }. { $month ->
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
    } { $year }
date-long-time = { $day }. { $month ->
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
    } { $year }, { $time }
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

## Die Ergebnisse

verdict-valid = GÜLTIG
verdict-already-admitted = SCHON EINGELASSEN
verdict-not-valid = UNGÜLTIG
verdict-other-edition = ANDERER TERMIN
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
verdict-other-edition-short = TERMIN
verdict-other-event-short = EVENT
verdict-unknown-short = UNBEKANNT
verdict-exit-short = AUSGANG
verdict-welcome-back-short = WIEDER DA
verdict-not-open-yet-short = NOCH ZU
verdict-closed-short = ZU
verdict-not-inside-short = NICHT DRIN
verdict-full-short = VOLL
verdict-held = ANGEHALTEN
face-checking = PRÜFUNG
face-not-recorded = NICHT ERFASST
face-undone = RÜCKGÄNGIG
face-other-lane = ANDERE SPUR

## Was ein Ergebnis bedeutet

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
banner-unreachable = GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Ergebnisse nur von dieser Spur
banner-unreachable-queued = { $count ->
        [one] GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Ergebnisse nur von dieser Spur · 1 Einlass wartend
       *[other] GEMEINSAMES PROTOKOLL NICHT ERREICHBAR seit { $since } — Ergebnisse nur von dieser Spur · { $count } Einlässe wartend
    }
banner-unreachable-short = PROTOKOLL NICHT ERREICHBAR seit { $since }
banner-unreachable-short-queued = PROTOKOLL NICHT ERREICHBAR seit { $since } · { $count } wartend

held-of = prüfe… { $read } von { $of } gelesen
held-read = prüfe… { $read } gelesen
held-others = prüfe… die Listen der anderen Termine ({ $count } noch gelesen)

door-none-today = { $title }: kein Termin heute oder später
door-next-edition = heute kein Termin: Einlass für den nächsten, { $name } ({ $when })
policy-edition = Termin { $id }
policy-this-edition = dieser Termin
policy-every-edition = alle Termine
policy-from = ab { $time }
policy-until = bis { $time }
policy-reentry = Wiedereinlass
policy-max = max. { $capacity }

desk-finding = suche den heutigen Termin von { $title }…
desk-choosing = Heute laufen mehrere Termine von { $title }: welche?
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
counter-adm = eing.
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
revoke-edition = Termin
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

## Die Hinweise und Zeilen am Einlass

desk-event = Event { $id }
desk-crumb = Einlass · { $title }
desk-event-failed = Event { $id }: { $error }
desk-editions-failed = Termine: { $error }
note-walk-in-closed = ein Scan hat das Abendkassen-Formular geschlossen: { $key } öffnet es wieder wie es war
note-held = { $what }, angehalten, während die Liste gelesen wurde: { $word }
note-enrolled-not-listed = { $email } ist hier schon angemeldet, aber das Ticket ist noch nicht in der Liste: F5 liest sie neu
note-ticket = Ticket { $id }: { $text }
note-lost = { $number }: hier NICHT eingelassen — { $verdict }, { $why }
note-dropped = „{ $typed }“ verworfen, vor dem Scan von Hand getippt
note-no-attendee = kein Gast passt zu „{ $typed }“
note-new-ticket = neues Ticket { $number } für { $name }: scannen oder eintippen
note-new-ticket-failed = das neue Ticket lesen: { $error }
note-offline-edition = offline: Einlass für { $edition }, den zuletzt hier geprüften Termin von Event { $event }
note-offline-today = { $why }: Einlass für { $id } mit der Offline-Liste
note-no-offline-list = keine Offline-Liste: { $error }
note-exit-lane = jetzt eine Ausgangsspur: ein Scan lässt einen Gast hinaus (AUSGANG)
note-entry-lane = eine Eingangsspur: ein Scan lässt einen Gast hinein
note-nothing-to-force = nichts trotzdem einzulassen: nur bei NOCH NICHT OFFEN, GESCHLOSSEN oder VOLL
note-nothing-undone = nichts rückgängig gemacht: dieser Einlass stand nicht im Einlassprotokoll
note-undo-failed = rückgängig: { $error }
offline-no-event = das Event konnte nicht gelesen werden
warning-no-desk-log = Einlassprotokoll nicht verfügbar ({ $error }): Einlässe nur im Speicher
checking-api = Prüfung bei der API…
checking-id = Ticket { $id } wird geprüft…
checking-elsewhere = nicht in den Listen dieser Tür: andere Events werden geprüft…
valid-from-list = laut Liste
valid-from-list-of = laut Liste von { $time }
walk-in-admitted = an der Abendkasse angemeldet und eingelassen · Esc: nicht einlassen
walk-in-enrolled-already = schon angemeldet, das Ticket: { $meaning }
not-recorded = nicht erfasst: { $error }
not-recorded-no-admission = nicht erfasst: das Protokoll hat keinen Einlass, zu dem es zurückgeht
lost-ago = vor { $seconds } s
lost-why = { $lane } um { $time }{ $ago }
why-order = Bestellung { $order }
undone-exit = Ausgang von { $number } um { $time } rückgängig: wieder drinnen
undone-here = Einlass von { $number } um { $time } hier rückgängig — weiter eingelassen an { $lane } ({ $lane-time })
undone-admission = Einlass von { $number } um { $time } rückgängig: nicht eingelassen
alert-admitted-twice = { $count ->
        [one] ein Ticket wurde an zwei Spuren eingelassen (beim Nachtragen gefunden): F6 zeigt es
       *[other] { $count } Tickets wurden an zwei Spuren eingelassen (beim Nachtragen gefunden): F6 zeigt sie
    }
conflict-line = { $number }  doppelt eingelassen: { $first } { $first-time }, { $second } { $second-time }

## Die Statuszeile am Einlass

status-keys = { $help } Hilfe · { $leave } verlassen
status-api-down = ✖ API nicht erreichbar seit { $time }
status-list-age = Liste { $age } alt
status-no-list = keine Liste
status-list-unknown-age = Liste unbekannten Alters
status-offline = ✖ offline · { $age }

## Was eine Taste am Einlass tut (ihre Hilfe)

help-scan = Getipptes prüfen; eine Frage mit Ja beantworten
help-pick = unter den Gästen einer Namenssuche wählen
help-back = Offenes schließen, Eingabe leeren, dann das Ergebnis (verlässt nie)
help-help = Hilfe
help-walk-in = Abendkasse: per E-Mail für diesen Termin anmelden, dann einlassen
help-name = einen Gast nach Namen suchen
help-last-scans = die letzten Scans
help-twice = die doppelt eingelassenen Tickets (mehrere Spuren)
help-refresh = die Tickets neu lesen
help-door = die Tür auf einen Blick: jede Spur, Ankünfte, drinnen (Esc zurück)
help-exit-lane = Ausgangsspur an oder aus (fragt): ein Scan dort lässt einen Gast hinaus
help-undo = den letzten Einlass hier rückgängig machen (fragt)
help-force = trotzdem einlassen außerhalb der Öffnungszeiten (fragt; als erzwungen erfasst)
help-clear = das Ergebnis löschen
help-leave = den Einlass verlassen (fragt; die PIN, wenn eine gesetzt ist)

## Ein Fehler der API, wie ein Mensch ihn liest

api-network = Netzwerkfehler: { $detail }
api-timed-out = Zeitüberschreitung: { $detail }
api-auth = Anmeldung abgewiesen (HTTP { $status }){ $detail }
api-status = der Server antwortete HTTP { $status }{ $detail }
api-not-applied = nicht ausgeführt: { $why }
unsettled-lost = seine Antwort ging verloren
unsettled-lost-error = seine Antwort ging verloren ({ $error })
unsettled-not-sent-again = nicht erneut gesendet: derselbe Schreibvorgang Nr. { $seq } vom { $at }
unsettled-earlier-unknown = nicht erneut gesendet: derselbe Schreibvorgang Nr. { $seq } vom { $at } hat ein unbekanntes Ergebnis ({ $why })
unsettled-unlearnt = { $lost }; { $why }
unlearnt-unreadable = nicht lesbar: { $error }
unlearnt-within = nicht erfahren binnen { $secs } s: { $error }
unlearnt-once-more = nicht erfahren durch erneutes Lesen: { $error }
unlearnt-no-answer = keine lesbare Antwort

## Fragen vor dem Schreiben vieler (Sammelwiderruf, Anmeldung aus Datei)

status-open = offen
status-not-confirmed = nicht bestätigt
status-confirmed = bestätigt
bulk-revoke-title = { $count ->
        [one] { $count } markiertes Ticket widerrufen?
       *[other] { $count } markierte Tickets widerrufen?
    }
bulk-revoking = Widerruf { $seen } von { $total }
bulk-revoke-done = Sammelwiderruf: fertig
bulk-skip-unenrolled = schon abgemeldet: übersprungen
bulk-more = … und { $count } weitere
bulk-status-count = { $count } { $status }
bulk-not-confirmed = Nicht bestätigt: { $list }.
bulk-revoke-cannot-undo = Jedes wird abgemeldet, eins nach dem anderen; das ist nicht rückgängig zu machen.
bulk-now = jetzt
bulk-stopped-revoke = angehalten: nichts mehr wird gesendet; das laufende endet
bulk-stopped = angehalten: nichts mehr wird gesendet
bulk-left-marked = { $count } noch markiert
bulk-key-revoke = { $count } widerrufen
bulk-key-enroll = { $count } anmelden
bulk-key-stop = nach dem laufenden anhalten
bulk-key-retry = die übrigen erneut versuchen
bulk-key-any = beliebige Taste
bulk-key-close = schließen
bulk-enroll-title = Anmelden aus { $path }
bulk-enrolling = Anmeldung { $seen } von { $total }
bulk-enroll-done = Anmeldung aus Datei: fertig
bulk-enroll-counts = { $new } neu · { $skip } schon angemeldet · { $bad } ungültige Zeilen
bulk-enroll-new = neu
enroll-in-ask = { $who } für { $into } anmelden (bezahlt)?
enroll-in-edition = Termin { $detail }
enroll-in-sending = ⟳ wird gesendet… { $who } wird für { $into } angemeldet
enroll-in-waiting = warte auf die Antwort der API
enroll-customer-ask = { $who } <{ $email }> anmelden (bezahlt)?
enroll-customer-sending = ⟳ wird gesendet… { $who } wird angemeldet
ask-key-yes = ja
ask-key-retry = erneut
ask-key-back = zurück
note-title = Notiz zu { $on }
note-reading = die gespeicherte Notiz wird gelesen…
note-label = Notiz
note-how = am Einlass neben dem Ergebnis gezeigt; geleert, wird sie gelöscht
note-ask-clear = Die Notiz zu { $on } löschen?
note-keeping = wird gespeichert…
note-key-clear = löschen
note-key-keep = speichern
enroll-required = Pflichtfeld
enroll-not-an-email = keine E-Mail-Adresse (name@beispiel.de)
enroll-required-type = Pflichtfeld (z. B. paid)

## Die Tür auf einen Blick (F7 am Einlass)

door-inside = drinnen
door-admitted = eingelassen
door-to-come = erwartet
door-of-valid = { $admitted } von { $valid }{ $percent }
door-moves = Ausgänge { $exits } · Konflikte { $conflicts } · erzwungen { $forced }
door-as-last-read = { $error } (Stand der letzten Lesung)
door-busiest = Spitze
door-arrived = { $count } angekommen
door-now = jetzt
door-arrivals = Ankünfte je { $minutes } Min. (UTC, ab { $from })
door-col-lane = Spur
door-col-admitted = eingel.
door-col-last-scan = zuletzt
door-col-state = Zustand
door-lane-scanning = scannt
door-lane-idle = ruht
door-lane-offline = offline

## A store's failure, as a person reads it (a path, a URL and what SQLite,
## PostgreSQL or the system said stay as they are)

store-part-local-store = lokaler Speicher
store-part-desk-log = Einlassprotokoll
store-part-memory-log = Einlassprotokoll im Speicher
store-part-shared-log = gemeinsames Protokoll
store-part-offline-list = Offline-Liste
store-part-audit-log = Prüfprotokoll
store-part-desk-database = Einlass-Datenbank
store-part-tls = TLS der Einlass-Datenbank
store-part-file = Datei
store-unreachable = das gemeinsame Protokoll ist nicht erreichbar
store-unreachable-undo = das gemeinsame Protokoll ist nicht erreichbar: nur seitdem erfasste Einlässe lassen sich rückgängig machen
store-unreachable-rules = das gemeinsame Protokoll ist nicht erreichbar: Ausgänge, erzwungene Einlässe, die Regeln der Tür und Notizen brauchen es
store-no-answer = das gemeinsame Protokoll hat nicht binnen { $ms } ms geantwortet
store-failed-earlier = { $part }: schon vorher ausgefallen
store-absent = { $part } fehlt auf diesem Rechner
store-crashed = der lokale Speicher ist ausgefallen: { $detail }
store-at = { $at }: { $detail }
store-no-host = Einlass-Datenbank { $place }: kein Host
store-cleartext = Einlass-Datenbank { $place }: sslmode=disable zu einem anderen Rechner würde das Passwort im Klartext senden; sslmode=require verwenden
store-db-no-answer = Einlass-Datenbank { $place }: keine Antwort binnen { $ms } ms
store-schema-newer = Einlass-Datenbank { $place }: Schema { $found } stammt von einem neueren boxoffice (dieses kennt { $knows })
store-schema-older = Einlass-Datenbank { $place }: Schema { $found }, dieses boxoffice braucht { $needs } (`boxoffice desk-db init` ausführen)
store-keeps-no-forced = dieses Einlassprotokoll führt keine erzwungenen Einlässe
store-keeps-no-exits = dieses Einlassprotokoll führt keine Ausgänge
store-keeps-no-policy = dieses Einlassprotokoll führt keine Regeln der Tür
store-keeps-no-notes = dieses Einlassprotokoll führt keine Notizen
store-too-large = die ID { $id } ist zu groß zum Speichern
store-not-a-move = { $word } ist keine Bewegung
store-unknown-move = eine Bewegung { $word }
store-scan-id = Scan-ID { $text }: { $detail }
store-answered = das Einlassprotokoll antwortete { $said }
store-already-admitted = schon eingelassen: { $desk } um { $time }

## A headless command's failure, as a person reads it on stderr

failure-unknown = Ergebnis unbekannt ({ $error }); { $hint }
failure-readonly = --readonly: enroll und revoke sind im Einlassmodus gesperrt
failure-event = Veranstaltung { $id }
failure-event-named = Veranstaltung { $named } (ID { $id })
failure-ticket = Ticket { $id }
failure-ticket-numbered = Ticket { $id } ({ $number })
failure-not-in = { $ticket } gehört nicht zu { $event }
failure-not-in-but = { $not-in }; es ist ein Ticket der Veranstaltung { $event }
failure-give-ticket = eine Ticket-ID oder -Nummer angeben
failure-end-of-many = { $number } ist das Ende von { $count } Nummern in { $event } ({ $some }); die ganze Nummer angeben
failure-no-ticket = kein Ticket { $number } in { $event }
failure-no-ticket-read = kein Ticket { $number } in { $event } ({ $read })
failure-read = { $tickets } Tickets gelesen
failure-read-editions = { $tickets } Tickets aus { $editions } Ausgaben gelesen
failure-unreadable = { $read }; { $count } nicht lesbar
admit-alone = das gemeinsame Einlassprotokoll ist nicht erreichbar ({ $why }): offline beurteilt { $from }
admit-alone-kept = das gemeinsame Einlassprotokoll ist nicht erreichbar ({ $why }): { $number } ist nur an dieser Spur eingelassen ({ $lane }) und wird gesendet, sobald das Protokoll wieder antwortet; offline beurteilt { $from }
admit-from-own = nur nach den eigenen Einlässen dieser Spur (sie hat das gemeinsame Protokoll bei dieser Veranstaltung nie gelesen)
admit-from-copy = nach der Kopie des gemeinsamen Protokolls dieser Spur, gelesen um { $time } UTC{ $ago }, und ihren eigenen Einlässen
admit-ago = { " " }(vor { $seconds } s)

## The door's figures (`door watch`, `door stats`)

door-col-rate = /Min.
age-seconds = { $n } s
age-minutes = { $n } Min.
age-hours = { $h } h { $min } Min.
stats-title = Die Tür von { $title } (Veranstaltung { $id }) um { $time } UTC
stats-inside-now = jetzt drinnen
stats-of-capacity = { $inside } von { $capacity } (Kapazität)
stats-of-valid = { $admitted } von { $valid } gültigen
stats-of-valid-percent = { $admitted } von { $valid } gültigen ({ $percent } %)
stats-still-to-come = noch erwartet
stats-col-from = ab
stats-col-arrivals = Ankünfte
stats-per = (je { $minutes } Min., UTC)

## A list's column titles (the TUI's tables; CSV and JSON keep English field names)

col-access = Zugang
col-at-utc = Zeit (UTC)
col-attendee = Gast
col-completed = fertig
col-created = erstellt
col-customer = Kunde
col-date = Datum
col-dates = Termine
col-desk = Einlass
col-email = E-Mail
col-edition = Ausgabe
col-enrolled = angemeldet
col-event = Veranstaltung
col-id = ID
col-items = Posten
col-location = Ort
col-ms = ms
col-name = Name
col-number = Nummer
col-open-pend-canc = offen/ausst/storn
col-operation = Vorgang
col-order = Bestellung
col-outcome = Ergebnis
col-phone = Telefon
col-price = Preis
col-progress = Fortschritt
col-rating = Bewertung
col-sold = verkauft
col-sold-stock = verk./Bestand
col-state = Zustand
col-status = Status
col-stock = Bestand
col-target = Ziel
col-time = Zeit
col-time-zone = Zeitzone
col-total = Summe
col-type = Typ
col-when = wann

## The help panel (?): what each key does, its title, the moving keys

key-quit = beenden (Strg-z hält an, fg setzt fort)
key-back-root = zurück (beendet ganz oben)
key-back-filter = zurück (löscht zuerst einen Filter)
key-palette = Befehlspalette
key-refresh = diese Ansicht neu laden
key-down = runter
key-up = hoch
key-first-row = erste Zeile
key-last-row = letzte Zeile
key-page-down = Seite runter
key-page-up = Seite hoch
key-root-tab = Termine · Kunden · Bestellungen · Produkte · Kurse
key-open-event = die Veranstaltung öffnen
key-filter-name = nach Name filtern
key-sort-next = nach der nächsten Spalte sortieren
key-sort-reverse = Sortierung umkehren
key-enroll-email-first = per E-Mail anmelden (erste freie Ausgabe)
key-enroll-customer-first = einen Kunden anmelden (erste freie Ausgabe)
key-copy-event-name = den Namen der Veranstaltung kopieren
key-desk-today = Einlass (heutige Ausgabe)
key-tickets-edition = Tickets der Ausgabe
key-tickets-main = Tickets der Hauptveranstaltung
key-enroll-email-selected = per E-Mail in die gewählte Ausgabe anmelden
key-enroll-customer-selected = einen Kunden in die gewählte Ausgabe anmelden
key-desk-selected = Einlass der gewählten Ausgabe
key-ticket-detail = Ticketdetails
key-filter-name-email-number = nach Name, E-Mail, Nummer filtern
key-next-tab = nächster Status-Reiter
key-prev-tab = vorheriger Status-Reiter
key-status-tab = Status: 1 alle 2 best 3 abgm 4 offen 5 ausst 6 storn
key-enroll-email = per E-Mail anmelden
key-enroll-customer = einen Kunden anmelden
key-sort-tickets = sortieren: Nummer Attendee Mail sTatus Created Preis Order
key-mark = markieren/lösen, dann runter
key-mark-all = alle gezeigten markieren
key-unmark-all = alle Markierungen lösen
key-revoke-marked = das Ticket widerrufen (oder alle markierten)
key-export-tickets = die gezeigten Tickets exportieren (:export)
key-copy-ticket-number = die Ticketnummer kopieren
key-door-note = die Notiz der Tür (⚑)
key-revoke = das Ticket widerrufen
key-open-line = öffnen, was die Zeile nennt (markiert ›)
key-next-line = nächste Zeile
key-prev-line = vorherige Zeile
key-top = Anfang
key-bottom = Ende
key-fields-raw = Felder / rohes JSON
key-open-customer = den Kunden öffnen
key-search-customers = Name, E-Mail, Telefon suchen (Beste zuerst)
key-copy-email = die E-Mail kopieren
key-find-tickets = ihre Tickets jetzt und demnächst suchen (nochmal: stopp)
key-revoke-line = das Ticket der Zeile widerrufen
key-tickets-of-event = Tickets der Veranstaltung oder Ausgabe dieses Tickets
key-enroll-in-event = anmelden (Veranstaltung, dann Ausgabe wählen)
key-copy-line = die Ticketnummer der Zeile kopieren, sonst die E-Mail
key-their-note = ihre Notiz an der Tür (⚑)
key-open-order = die Bestellung öffnen
key-filter-orders = nach Nummer, Kunde, E-Mail filtern
key-copy-order = die Bestellnummer kopieren
key-open-product = das Produkt öffnen
key-open-course = den Kurs öffnen
key-course-enrollments = die Anmeldungen des Kurses
key-filter-name-email = nach Name, E-Mail filtern
key-move = bewegen (auch { $keys })
key-everywhere = überall
key-title = Tasten · { $screen }
key-scroll = { $arrows } mehr · { $keys } blättern · andere Taste schließt
key-any-closes = jede Taste schließt
note-too-long = eine Notiz ist eine Zeile neben dem Ergebnis: höchstens { $max } Zeichen
note-read-failed = die gespeicherte Notiz war nicht lesbar: { $error }
note-not-kept = nicht gespeichert: { $error }
failure-hint-safe = erneutes Senden ist sicher
failure-hint-unsettled-revocation = der Widerruf ist vielleicht angekommen, vielleicht nicht: nicht erneut senden, bevor `{ $check }` es zeigt; `boxoffice audit settle` liest es erneut
failure-hint-unsettled-enrollment = die Anmeldung ist vielleicht angekommen, vielleicht nicht: nicht erneut senden, bevor `{ $check }` es zeigt; `boxoffice audit settle` liest es erneut
failure-revoke-needs-yes = kein Widerruf ohne --yes, wenn die Standardeingabe kein Terminal ist
failure-revoke-many-needs-yes = kein Widerruf ohne --yes, wenn nicht gefragt werden kann (die Standardeingabe ist kein Terminal oder die Liste)
failure-enroll-many-needs-yes = keine Anmeldung ohne --yes, wenn nicht gefragt werden kann (die Standardeingabe ist kein Terminal oder die Liste)

## A list's count, filter and placeholder (the TUI's lists)

noun-tickets = Tickets
noun-events = Veranstaltungen
noun-editions = Ausgaben
noun-customers = Kunden
noun-orders = Bestellungen
noun-products = Produkte
noun-courses = Kurse
noun-enrollments = Anmeldungen
noun-writes = Schreibvorgänge
noun-order-details = Bestelldetails
noun-customer-details = Kundendetails
noun-product-details = Produktdetails
noun-course-details = Kursdetails
list-matches = { $count ->
        [one] { $shown } Treffer
       *[other] { $shown } Treffer
    }
list-enter-tab = Enter öffnet · Tab behält
list-esc-clears = Esc löscht
list-marked = { $count } markiert
list-sort = Sortierung:
list-unreadable = { $count } unlesbar
list-loading = lade { $noun }…
list-load-failed = { $noun } nicht ladbar{ $hint }: { $error }
list-no-match-yet = noch kein Treffer · { $progress }
list-no-match = keine { $noun } passen
list-retries = { " " }(R versucht erneut)

## The TUI's chrome: the tabs, the path in the title line, the status bar, toasts

tab-events = Veranstaltungen
tab-customers = Kunden
tab-orders = Bestellungen
tab-products = Produkte
tab-courses = Kurse
crumb-audit = Prüfprotokoll
crumb-enrollments = Anmeldungen
crumb-enrollments-of = Anmeldungen · { $name }
crumb-order = Bestellung { $number }
crumb-customer = Kunde { $name }
crumb-ticket = Ticket { $number }
crumb-door = Tür · { $title }
crumb-tickets = Tickets · { $title }
crumb-tickets-main = Tickets · Hauptveranstaltung
bar-read-only = nur lesen
bar-in-flight = ⟳ { $count } unterwegs
bar-last-error = letzter Fehler: { $error }
bar-keys = { $help } Hilfe · { $palette } Befehle
toast-scan-not-sent = ein Scan kam an: nichts gesendet
toast-scan-at-desk = ein Scan kam an: nichts getan (am Einlass scannen)
toast-scan-typed = ein Scan kam an: hier getippt, sein Enter nicht genommen
toast-scan-nothing = ein Scan kam an: nichts getan
toast-scan-after-desk = ein Scan kam nach dem Verlassen des Einlasses an: nichts getan
toast-key-unread = eine Taste direkt nach der Frage: nicht als Antwort genommen
toast-nothing-to-copy = hier gibt es nichts zu kopieren
toast-copied = kopiert: { $text }
toast-unmarked = { $count } nicht mehr markiert
toast-revoked = { $number } widerrufen: abgemeldet
toast-customer-loading = der Kunde wird noch geladen
empty-events = keine Veranstaltungen
empty-editions = keine Ausgaben: t zeigt die Tickets der Veranstaltung selbst
empty-tickets = noch keine Tickets (e meldet jemanden an)
empty-editions-enroll = keine Ausgaben: Enter meldet für die Veranstaltung selbst an
empty-none = keine { $noun }
list-namesakes = { " " }· { $count } heißen { $name }
stock-unlimited = unbegrenzt

## A configuration problem (exit 2), as a person reads it on stderr

config-cannot-read = { $path } kann nicht gelesen werden: { $error }
config-business-slug = die Geschäftskennung { $slug } ist keine gültige Subdomain (Buchstaben, Ziffern und '-')
config-api-host = der API-Host { $host } ist kein gültiger Hostname
config-profile-no-file = Profil { $name } verlangt, aber { $path } gibt es nicht
config-no-profile = kein Profil { $name } in { $path } (Profile: { $names })
config-default-profile = default_profile { $name } ist kein Profil in { $path }
config-key-command-run = api_key_command kann nicht ausgeführt werden: { $error }
config-key-command-failed = api_key_command fehlgeschlagen ({ $status })
config-key-command-utf8 = api_key_command gab etwas aus, das kein UTF-8 ist
config-key-command-empty = api_key_command gab nichts aus
config-profile-url = Profil { $name } braucht base_url, oder business und api_host
config-business-needs-host = --business braucht --api-host
config-host-needs-business = --api-host braucht --business
config-no-api = keine API zum Ansprechen: --base-url (oder BOXOFFICE_BASE_URL), --business mit --api-host{ $hint } angeben
config-no-api-profile = { " " }oder ein Profil in { $path }
config-no-key = kein API-Schlüssel: BOXOFFICE_API_KEY setzen, oder api_key_command in einem Profil von config.toml
config-no-key-profile = kein API-Schlüssel: BOXOFFICE_API_KEY setzen, oder api_key_command (oder api_key) im Profil
config-key-no-file = api_key ohne Konfigurationsdatei gefunden
config-readable = config.toml ist für andere lesbar; chmod 600 { $path } ausführen
config-concurrency = { $key } = { $n } in Profil { $name }: 1 bis { $max } Seiten auf einmal angeben

## Writes on many (`revoke --from`, `enroll-many`): progress and summary on stderr

bulk-summary = { $done } { $verb } · { $skipped } übersprungen · { $failed } fehlgeschlagen · { $unknown } Ergebnis unbekannt{ $stopped }
bulk-summary-stopped = { " " }· { $count } nicht gesendet (gestoppt)
bulk-verb-revoked = widerrufen
bulk-verb-enrolled = angemeldet
bulk-end-skipped = übersprungen ({ $why })
bulk-end-failed = fehlgeschlagen: { $why }
bulk-end-unknown = Ergebnis unbekannt ({ $why })
bulk-end-unknown-revoke = Ergebnis unbekannt ({ $why }); durch erneutes Lesen nicht erfahren: vor erneutem Senden mit `boxoffice ticket <id>` oder `boxoffice audit settle` prüfen
bulk-not-enrolled = nicht angemeldet: Zeile { $line }: { $email }
bulk-not-revoked = nicht widerrufen: { $named }
bulk-dry-enroll = Probelauf: { $new } anzumelden · { $skip } schon angemeldet · { $bad } ungültige Zeilen; nichts gesendet
bulk-dry-revoke = Probelauf: { $revoke } zu widerrufen · { $skip } schon abgemeldet · { $missing } nicht gefunden; nichts gesendet
bulk-partial-enroll = { $summary }; vor erneutem Senden mit `boxoffice tickets { $event } --all --format csv` prüfen

## `cache clear`, `desk-db` and `desk sync`: what they say to a person

cache-no-place = kein Cache-Verzeichnis: XDG_CACHE_HOME oder HOME setzen
cache-cannot-remove = der Cache in { $path } kann nicht entfernt werden: { $error }
cache-none-in = keine Offline-Listen zu entfernen in { $path }
cache-none-for = keine Offline-Listen zu entfernen für { $business } ({ $path } gibt es nicht)
cache-removed = entfernt: { $path }
desk-db-none = keine Einlass-Datenbank: --desk-db postgres://… angeben (oder BOXOFFICE_DESK_DB, oder desk_db im Profil)
desk-db-created = Schema { $to } angelegt
desk-db-there = Schema { $to }, schon vorhanden
desk-db-migrated = Schema von { $from } auf { $to } migriert
desk-db-unusable = eine Spur könnte mit dieser Datenbank nicht arbeiten
desk-db-no-conflicts = keine Konflikte
desk-sync-no-state = kein Zustandsverzeichnis: XDG_STATE_HOME oder HOME setzen
desk-sync-queued = { $count ->
        [one] 1 Einlass noch auf diesem Rechner in der Warteschlange
       *[other] { $count } Einlässe noch auf diesem Rechner in der Warteschlange
    }
desk-sync-nothing = nichts für dieses Protokoll in der Warteschlange
desk-sync-sent = { $count } gesendet, nichts in der Warteschlange
desk-sync-no-answer = (das gemeinsame Protokoll antwortete nicht: { $error })

## `doctor`: each check's label (what follows it stays as it is)

doctor-api-key = API-Schlüssel
doctor-dns = DNS
doctor-tcp = TCP
doctor-tls = TLS
doctor-base-url = Basis-URL
doctor-clock = Uhr
doctor-config = Konfiguration
doctor-desk-log = Einlassprotokoll
doctor-language = Sprache
doctor-profile = Profil
doctor-queued = Warteschlange
doctor-terminal = Terminal

## The detail screens: their titles, loading lines, labels and words

detail-loading = { $noun } { $label } wird geladen…
detail-failed = { $noun } { $id } konnte nicht geladen werden: { $error }
detail-failed-toast = { $noun }: { $error }
detail-fields = { $crumb } · Felder (r: JSON)
detail-enter = { $crumb } · Enter: { $what }
detail-raw = rohes JSON (r: Felder)
detail-raw-beside = rohes JSON
link-customer = Kunde { $label } öffnen
link-order = Bestellung { $label } öffnen
link-ticket = Ticket { $number } öffnen
link-tickets = Tickets von { $title }
record-course = Kurs
record-customer = Kunde
record-event = Veranstaltung
record-order = Bestellung
record-product = Produkt
record-ticket = Ticket
# A fact's label (at most 16 columns) or a section's heading.
label-access = Zugang
label-active = aktiv
label-addresses = Adressen
label-all-fields = alle Felder
label-attendee = Gast
label-branch-pickup = Abholung
label-categories = Kategorien
label-certificate = Zertifikat
label-company = Firma
label-contacts = Kontakte
label-created = erstellt
label-customer = Kunde
label-description = Beschreibung
label-discussions = Diskussionen
label-domain = Domain
label-email = E-Mail
label-edition = Ausgabe
label-enrollments = Anmeldungen
label-gateway = Zahlungsanbieter
label-identification = Ausweis
label-images = Bilder
label-instructors = Lehrende
label-items = Posten
label-language = Sprache
label-member-id = Mitgliedsnr.
label-modules = Module
label-name = Name
label-number = Nummer
label-on-completion = nach Abschluss
label-order = Bestellung
label-orders = Bestellungen
label-pay-url = Zahlungs-URL
label-phone = Telefon
label-price = Preis
label-published = veröffentlicht
label-rating = Bewertung
label-recipient = Empfänger
label-seller = Verkäufer
label-shipping = Versand
label-sku = SKU
label-source = Quelle
label-status = Status
label-subscriptions = Abonnements
label-tax = Steuer
label-tax-treatment = Steuerbehandlung
label-template = Vorlage
label-total = Summe
label-type = Typ
label-variants = Varianten
label-who = wer
# The event screen's labels (at most 9 columns).
label-dates = Termine
label-location = Ort
label-state = Zustand
label-stock = Bestand
label-tickets = Tickets
# The event screen's counters: the whole words, and shorter ones where
# the whole ones do not fit a line.
tally-confirmed = bestätigt
tally-open = offen
tally-pending = ausstehend
tally-cancelled = storniert
tally-total = gesamt
tally-confirmed-short = best.
tally-open-short = off.
tally-pending-short = ausst.
tally-cancelled-short = storn.
tally-total-short = ges.
tally-available = verfügbar { $count }
tally-committed = gebunden { $count }
event-editions = Ausgaben ({ $count })
event-editions-keys = Enter Tickets · t Tickets der Hauptveranstaltung
event-main-tickets = { $title } (Hauptveranstaltung)
# A table's cell: where a run stands against today, an event's state.
word-past = vorbei
word-today = heute
word-later = später
word-published = veröffentlicht
word-draft = Entwurf
word-inactive = inaktiv
word-yes = ja
word-no = nein
word-none = keine
customer-revoking = wird widerrufen…
customer-search-failed = Suche fehlgeschlagen: { $error }

## The TUI's error and info toasts

toast-being-revoked = { $number } wird widerrufen: auf die Antwort warten
toast-revoke-unknown = der Widerruf von { $number } hat kein bekanntes Ergebnis: das Ticket wird neu gelesen (nicht erneut gesendet)
toast-tickets-end-in = { $count } Tickets enden auf { $typed }: die ganze Nummer eingeben
toast-read-only-enroll = nur lesen: Anmelden abgelehnt
toast-enroll-from-where = eine Ticketliste öffnen, um in sie anzumelden
toast-nothing-to-save = hier nichts zu speichern: eine Ticketliste öffnen
toast-no-saved-filters = hier keine gespeicherten Filter: eine Ticketliste öffnen
toast-nothing-to-export = hier nichts zu exportieren: eine Ticketliste öffnen
toast-edition-ended = { $name } endete { $when }: in eine kommende anmelden
toast-cursor-on-their-ticket = den Cursor auf eines ihrer Tickets setzen

## The command palette (:): what it says of a line it cannot read

palette-empty = leerer Befehl
palette-unknown = unbekannter Befehl: { $line }
palette-not-a-ticket-id = keine Ticket-ID: { $text }
palette-usage = Aufruf: { $usage }
palette-usage-door = Aufruf: :door <id> (die ID einer Ausgabe oder Veranstaltung)

## `desk sync`, `desk-db check`, `audit settle`: what they say to a person

desk-sync-elsewhere = { $count ->
        [one] 1 Einlass auf diesem Rechner für ein anderes Protokoll in der Warteschlange ({ $logs }): eine Spur oder `desk sync` dieses Protokolls sendet ihn
       *[other] { $count } Einlässe auf diesem Rechner für ein anderes Protokoll in der Warteschlange ({ $logs }): eine Spur oder `desk sync` dieses Protokolls sendet sie
    }
desk-sync-log-unknown = unbekannt
# `desk-db check`: each line's label (in one column), then what it found.
dbcheck-database = Datenbank
dbcheck-round-trip = Umlaufzeit
dbcheck-server = Server
dbcheck-schema = Schema
dbcheck-privileges = Rechte
dbcheck-plain = unverschlüsselt, dieser Rechner
dbcheck-ms = { $ms } ms
dbcheck-standby = PostgreSQL { $version }, ein Standby: nur lesen, eine Spur kann nichts aufzeichnen (--desk-db auf den Primärserver richten, oder auf beide: postgres://a,b/db?target_session_attrs=read-write)
dbcheck-primary = PostgreSQL { $version }, Primärserver
dbcheck-schema-none = keines: boxoffice desk-db init ausführen (als Eigentümer der Datenbank)
dbcheck-schema-other = { $found }, dieses boxoffice kennt { $knows }: boxoffice desk-db init ausführen
dbcheck-privileges-ok = SELECT, INSERT, DELETE auf { $tables }
dbcheck-privileges-missing = es fehlen: { $missing } (docs/lanes.md hat das GRANT)
# `audit settle`: each write's outcome (how it was learnt stays as the
# audit log keeps it) and the summary.
settle-no-audit-log = kein Prüfprotokoll auf diesem Rechner (HOME oder XDG_STATE_HOME setzen)
settle-cannot-tell = nicht zu erkennen, was geschrieben wurde
settle-applied = ausgeführt
settle-not-applied = nicht ausgeführt
settle-refused = abgelehnt
settle-unknown = unbekannt
settle-summary = { $applied } ausgeführt · { $notapplied } nicht ausgeführt · { $unknown } noch unbekannt
settle-summary-refused = { $summary } · { $refused } abgelehnt (vorher gehalten)

## `revoke` and `enroll-many` on a terminal: the question before the write
## (answered y or yes, in every language) and the line after it

revoke-ask = Ticket { $number } ({ $details }){ $status } widerrufen?
revoke-ask-status = { " " }— dieses Ticket ist { $status }
revoke-not-revoked = Ticket { $number } nicht widerrufen
revoke-already-unenrolled = Ticket { $number } ist schon abgemeldet; nichts zu widerrufen
revoked-ticket-number = Ticket { $number } widerrufen (ID { $id }){ $learnt }
revoked-ticket = Ticket { $id } widerrufen{ $learnt }
revoke-many-ask = { $count ->
        [one] 1 Ticket widerrufen ({ $first }{ $more })?
       *[other] { $count } Tickets widerrufen ({ $first }{ $more })?
    }
revoke-many-more = , und { $count } weitere
revoke-nothing-revoked = nichts widerrufen
enroll-many-ask = { $count ->
        [one] 1 Person in Veranstaltung { $event } anmelden ({ $type })?
       *[other] { $count } Personen in Veranstaltung { $event } anmelden ({ $type })?
    }
enroll-many-nobody = niemand angemeldet
ask-cannot-read = die Antwort kann nicht gelesen werden: { $error }

## config.toml that does not read as TOML (what the parser said stays as it said it), and how api_key_command ended

config-not-toml = { $path } ist kein gültiges TOML: { $error }
config-toml-at = { $place } kein gültiges TOML: { $error }
config-key-command-signal = ein Signal
config-key-command-exit = Exit-Code { $code }
toast-revoke-of = Widerruf von { $number }
toast-revoke-outcome-unknown = { $what }: Ergebnis unbekannt ({ $error }) — nicht erneut gesendet; x darauf liest das Ticket neu
toast-outcome-unknown = { $what }: Ergebnis unbekannt
toast-ticket-is = { $number } ist { $status }
toast-ticket-status-unknown = { $number } hat einen unbekannten Status
toast-the-ticket-is = das Ticket ist { $status }
toast-the-ticket-status-unknown = das Ticket hat einen unbekannten Status
toast-enrolled = { $who } angemeldet in { $target }
toast-event-ended = { $name } endete { $when }: keine Ausgabe mehr zum Anmelden
toast-revoke-cancelled = Widerruf abgebrochen
toast-export-cancelled = Export abgebrochen
toast-bulk-revoke-cancelled = Sammelwiderruf abgebrochen
toast-bulk-enroll-cancelled = Anmelden aus Datei abgebrochen
toast-note-not-changed = Notiz nicht geändert
enroll-outcome-unknown = Ergebnis unbekannt ({ $error }) — nicht erneut gesendet; Enter liest die Tickets neu
word-billing = Rechnung
word-shipping = Versand
customer-tickets-in-lists = in den geladenen Listen (f: in laufenden und kommenden Veranstaltungen suchen)

## Finding a ticket or a customer's tickets in the current and upcoming events

find-finding-events = laufende und kommende Veranstaltungen werden gesucht
find-events-read = { $done } von { $total } Veranstaltungen und Ausgaben
find-tickets-read = { $events } · { $count } Tickets gelesen
find-unread = { " " }· { $count } nicht lesbar
find-not-found = { $number } nicht in den laufenden und kommenden Veranstaltungen ({ $progress })
find-could-not-read = ; nicht lesbar: { $error }
find-stopped = Suche nach { $number } angehalten
find-failed = Suche nach { $number }: { $error }
find-title = Suche nach { $number }
find-not-in-lists = nicht in den geladenen Listen: laufende und kommende Veranstaltungen werden gelesen
find-key-stops = hält die Suche an
customer-searching = ⟳ { $progress } · f hält an
customer-search-stopped = Suche angehalten bei { $progress }
customer-searched = durchsucht: { $progress }
customer-search-first-error = { " " }(erster Fehler: { $error })
toast-already-unenrolled = { $number } ist schon abgemeldet
toast-no-status-tickets = hier keine Tickets mit Status { $status }
toast-no-such-tickets = hier keine solchen Tickets
toast-view-saved = gespeichert als { $name } (:filters listet sie)
toast-view-not-saved = nicht gespeichert: { $error }
list-from-ago = Liste von vor { $age }
toast-note-none-written = keine Notiz geschrieben
toast-note-unchanged = die Notiz ist unverändert
toast-note-cleared = gelöscht: die Notiz zu { $title }
toast-noted = notiert: { $title }: { $text }
enroll-first-available = { $title } (erste verfügbare Ausgabe)

## `enroll`'s line on stderr (where it landed: the edition as the API names it)

enrolled-customer = Kunde { $customer } angemeldet in { $edition } ({ $type }){ $after }{ $learnt }
enrolled-person = { $email } ({ $name }) angemeldet in { $edition } ({ $type }){ $after }{ $learnt }
enrolled-event = Veranstaltung { $id }
enrolled-ticket = : Ticket { $number }
enrolled-ticket-unread = ; sein Ticket war nicht lesbar, um die Ausgabe zu nennen ({ $why })

## A list's progress while it streams in or is read again

list-progress-loading = ⟳ wird geladen…
list-progress-pages = ⟳ lade { $done }/{ $total } Seiten · { $count }
list-progress-pages-of = ⟳ lade { $done }/{ $total } Seiten · { $count } von { $all }
list-refreshing = ⟳ aktualisiere{ $pages }
list-refresh-pages = { " " }{ $done }/{ $total } Seiten
list-unreadable-record = nicht lesbar: { $what }
list-reread-failed = erneutes Lesen der { $noun } fehlgeschlagen: { $error }; die gezeigte Liste ist die von vorher

## The pickers (enroll a customer, enroll in an event)
picker-customer-title = Einen Kunden anmelden
picker-event-title = Für eine Veranstaltung anmelden
picker-filter = Filter
picker-enroll = anmelden:
picker-in = in
picker-count = { $shown } von { $total } { $noun }
picker-key-type = tippen
picker-key-filter = filtern
picker-key-move = bewegen
picker-key-pick = wählen
picker-key-cancel = abbrechen
picker-key-back = zurück
picker-failed-refused = ✗ { $error }  (Esc zurück)
picker-failed = ✗ { $error }  (y erneut, Esc zurück)
picker-event-ended = diese Veranstaltung ist vorbei ({ $dates }): eine kommende wählen
picker-edition-ended = dieser Termin ist vorbei ({ $ended }): den heutigen oder einen späteren wählen
picker-itself = die Veranstaltung selbst

## A bulk run's item ends and counts, as the staff reads them
bulk-why-already-enrolled = schon angemeldet
bulk-why-already-unenrolled = schon abgemeldet
bulk-why-listed-twice = doppelt aufgeführt
bulk-why-not-csv = keine CSV-Zeile
bulk-why-needs-names = braucht Vor- und Nachnamen
bulk-why-not-email = { $text } ist keine E-Mail-Adresse
bulk-why-line = Zeile { $line }: { $why }
bulk-why-not-applied = nicht wirksam: { $was }erneut gelesen: { $how }
bulk-why-read = { $what } gelesen: { $status }
bulk-why-read-ticket = Ticket { $id } gelesen: { $status }
bulk-no-people = keine Personen in { $path } (email,Name,Nachname je Zeile)
bulk-part-done = { $count } { $verb }
bulk-part-skipped = { $count } übersprungen
bulk-part-failed = { $count } fehlgeschlagen
bulk-part-unknown = { $count } Ergebnis unbekannt
bulk-part-not-sent = { $count } nicht gesendet (gestoppt)
bulk-part-waiting = { $count } wartend

## The export prompt
export-title = { $count } { $noun } exportieren
export-file = Datei
export-how = CSV (ein .json-Name: JSON); die Zeilen wie gezeigt, in ihrer Reihenfolge
export-type-name = einen Dateinamen eingeben
export-exists = { $path } gibt es schon: y überschreibt sie
export-writing = wird geschrieben…
export-key-overwrite = überschreiben
export-key-rename = den Namen ändern
export-key-write = schreiben
export-done = { $count } { $noun } nach { $path } exportiert
export-cannot-write = { $path } kann nicht geschrieben werden: { $error }

## A screen named by an id until its record is read
crumb-event-id = Veranstaltung { $id }
toast-internal-error = interner Fehler in einer Hintergrundaufgabe: { $text } (die App läuft weiter)

## The rarer failures of a command
failure-cannot-write-output = die Ausgabe kann nicht geschrieben werden: { $error }
failure-desk-log = das Einlassprotokoll ist ausgefallen: { $error }
failure-desk-log-not-kept = nicht gespeichert: das Einlassprotokoll ist ausgefallen: { $error }

## `config init` and `config pin`
config-init-writing = Schreibe { $path } (der Schlüssel selbst wird nie erfragt noch geschrieben).
config-init-ask-business = Slug des Unternehmens (der SLUG von https://SLUG.api-host) oder die vollständige Basis-URL der API:
config-init-ask-api-host = API-Host, unter dem die Subdomains der Unternehmen liegen (z. B. api.example.com):
config-init-ask-key-command = Befehl, der den API-Schlüssel ausgibt, z. B. der eines Passwortmanagers `pass show storefront/shop`
config-init-ask-key-command-empty = (leer: der Schlüssel kommt aus BOXOFFICE_API_KEY):
config-init-ask-pin = PIN des Einlasses, verlangt zum Verlassen des Einlasses, mindestens { $min } Zeichen
config-init-ask-pin-how = ({ $shown }; nur ihr Hash wird geschrieben; leer: keine):
config-init-again = { $problem }; noch einmal:
config-echo-hidden = wird beim Tippen nicht angezeigt
config-echo-shown = wird beim Tippen angezeigt
config-init-no-answer = kein Unternehmen angegeben: beantworten Sie die Fragen oder geben Sie --business und --api-host (oder --base-url) an
config-init-profile-one-line = ein Profilname ist eine einzige Textzeile
config-init-business-needs-host = --business braucht --api-host
config-init-host-needs-business = --api-host braucht --business
config-init-key-command-one-line = api_key_command ist eine einzige Zeile
config-init-cannot-ask = kann nicht fragen: { $error }
config-init-already-there = { $path } ist schon da und blieb unverändert; `boxoffice config init --force` ersetzt sie
config-init-wrote = { $path } geschrieben (Profil { $profile }, Modus 0600)
config-init-wrote-no-key = der Schlüssel: BOXOFFICE_API_KEY setzen oder api_key_command zum Profil hinzufügen
config-init-wrote-pin = die PIN des Einlasses: ihr Hash steht unter [desk] (die PIN selbst nirgends)
config-init-next = weiter: boxoffice doctor
config-pin-too-short = eine PIN des Einlasses hat mindestens { $min } Zeichen
config-pin-ask = Die PIN des Einlasses ({ $shown }; nur ihr Hash wird ausgegeben):
config-pin-cannot-read = kann die PIN nicht lesen: { $error }

## config.toml's mistakes, one a line: the [desk] rules, the theme, [keys.*] (names, keys and places as the file writes them)
config-file-line = { $place }: { $what }
config-desk-verdict-seconds = [desk] verdict_seconds = { $value }: 1 bis 60 angeben
config-desk-undo-minutes = [desk] undo_minutes = { $value }: 1 bis 240 angeben
config-desk-pin-hash = [desk] pin_hash: kein Hash, den `boxoffice config pin` geschrieben hat (die PIN selbst wird hier nie geschrieben)
config-theme-unknown = das Design { $name } ist keines von { $themes }
config-keys-no-screen = [keys.{ $name }]: diese Ansicht gibt es nicht (Ansichten: global, { $screens })
config-keys-no-action = { $name } ist keine Aktion (Aktionen: { $actions })
key-not-a-key = { $key } ist keine Taste
key-ctrl-one = { $key }: Ctrl- nimmt genau einen Buchstaben oder ein Zeichen, wie in Ctrl-l
key-unknown = { $key } ist keine Taste (ein Zeichen, oder Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)
rebind-no-key = { $place } { $action }: mindestens eine Taste angeben
rebind-ctrl-z = { $place } { $action }: Ctrl-z hält die Anwendung an (fg setzt sie fort) und kann nicht belegt werden
rebind-fixed = { $place } { $action }: ihre Tasten lassen sich nicht ändern (die Taste selbst sagt, welche)
rebind-quit-scope = { $place } quit: quit gilt überall, unter [keys.global] festlegen
rebind-quit-key = [keys.global] quit = { $key }: quit muss eine Ctrl- oder F-Taste sein, die kein Textfeld aufnimmt
rebind-desk-printable = [keys.desk] { $action } = { $key }: die Eingabe des Einlasses nimmt jeden Buchstaben, jede Ziffer und jedes Zeichen, die ein Scanner tippt; eine F-Taste, eine Ctrl-Taste oder Enter/Esc/Pfeile verwenden
rebind-not-global = [keys.global] { $action }: keine globale Aktion; unter der Ansicht festlegen, zu der sie gehört (global: { $actions })
rebind-not-on-screen = { $place } { $action }: keine Aktion der Ansicht { $screen } (ihre Aktionen: { $actions })
rebind-clash-default = { $key } in der Ansicht { $screen } ist zugleich mit { $set } und { $other } belegt (ihre Voreinstellung); einer von beiden eine andere Taste geben
rebind-clash-line = { $key } in der Ansicht { $screen } ist zugleich mit { $set } und { $other } belegt (Zeile { $line }); einer von beiden eine andere Taste geben
rebind-no-screen = keine Ansicht [keys.{ $screen }]

## `export`'s lines on stderr (the file itself is the same in every language)
export-cmd-done = nach { $path } exportiert: { $counts }
export-cmd-no-records = keine Datensätze
export-cmd-count = { $count } { $section ->
    [events] { $count ->
        [one] Veranstaltung
       *[other] Veranstaltungen
    }
    [editions] { $count ->
        [one] Ausgabe
       *[other] Ausgaben
    }
    [tickets] { $count ->
        [one] Ticket
       *[other] Tickets
    }
    [orders] { $count ->
        [one] Bestellung
       *[other] Bestellungen
    }
    [order_details] { $count ->
        [one] Bestelldetail
       *[other] Bestelldetails
    }
    [customers] { $count ->
        [one] Kunde
       *[other] Kunden
    }
    [customer_details] { $count ->
        [one] Kundendetail
       *[other] Kundendetails
    }
    [products] { $count ->
        [one] Produkt
       *[other] Produkte
    }
    [product_details] { $count ->
        [one] Produktdetail
       *[other] Produktdetails
    }
    [courses] { $count ->
        [one] Kurs
       *[other] Kurse
    }
    [course_details] { $count ->
        [one] Kursdetail
       *[other] Kursdetails
    }
    [enrollments] { $count ->
        [one] Anmeldung
       *[other] Anmeldungen
    }
   *[other] { $noun }
}
export-cmd-progress = Export: { $count }
export-cmd-progress-total = Export: { $count } ({ $total } Datensätze)
export-cmd-interrupted = unterbrochen: { $path } nicht geschrieben
export-cmd-skipped = Warnung: übersprungen: { $what }
export-cmd-left-out = Warnung: { $section } { $id } ausgelassen: { $message }
export-cmd-cannot-write = der Export kann nicht geschrieben werden: { $error }
export-cmd-not-a-file-name = { $name } ist kein Dateiname

## Saved filters (`:save`, `:filters`): the picker, and a file that cannot be read or written
views-title = Gespeicherte Filter
views-reading = wird gelesen…
views-key-apply = anwenden
views-key-other = jede andere Taste
views-key-close = schließen
views-none-yet = noch keine gespeicherten Filter: :save <Name> behält den angezeigten
tab-all = alle
tab-unenrolled = abgemeldet
views-sort = sortiert: { $column } { $arrow }
views-unreadable = { $path } ist nicht lesbar: { $error }
views-cannot-read = { $path } kann nicht gelesen werden: { $error }
views-cannot-write = { $path } kann nicht geschrieben werden: { $error }
views-no-state-dir = kein Zustandsverzeichnis auf diesem Rechner (HOME nicht gesetzt)

## `config show`: its labels and what they say (names, paths and values as they are); and no place for the file
config-no-place = kein Ort für config.toml: XDG_CONFIG_HOME oder HOME setzen
show-config-file = Konfigurationsdatei
show-profile = Profil
show-base-url = Basis-URL
show-api-key = API-Schlüssel
show-concurrency = Parallelität
show-timeout = Zeitlimit
show-bell = Signalton
show-desk-log = Einlassprotokoll
show-theme = Design
show-keys = Tasten
show-file-no-path = keine (weder XDG_CONFIG_HOME noch HOME)
show-file-missing = { $path } (nicht vorhanden; `boxoffice config init` schreibt eine)
show-file-private = { $path } (privat)
show-file-readable = { $path } (für andere lesbar: chmod 600 darauf anwenden)
show-file-invalid = { $path } (ungültig: { $error })
show-none = keines
show-no-base-url = <keine: { $error }>
show-invalid = <ungültig: { $error }>
show-from = aus { $name }
show-from-profile = aus Profil { $name }
show-from-default-profile = aus default_profile in der Konfigurationsdatei
show-implicit-profile = das Profil namens default, oder das einzige
show-default = Voreinstellung
show-key-env = <gesetzt, aus BOXOFFICE_API_KEY>
show-key-command = <gesetzt, aus api_key_command von Profil { $profile }>
show-key-file = <gesetzt, aus api_key von Profil { $profile }>
show-key-file-not-private = <abgelehnt: api_key von Profil { $profile } steht in einer für andere lesbaren Datei>
show-key-not-set = <nicht gesetzt>
show-seconds = { $seconds } s ({ $source })
show-on = an
show-off = aus
show-theme-flag = { $name } (aus --theme)
show-theme-file = { $name } (aus der Konfigurationsdatei)
show-theme-default = { $name } (Voreinstellung)
show-keys-default = die Voreinstellungen (`?` in der TUI listet sie)
show-keys-rebound = { $count ->
    [one] { $count } Aktion in der Konfigurationsdatei neu belegt ([keys.*])
   *[other] { $count } Aktionen in der Konfigurationsdatei neu belegt ([keys.*])
}

## A headless command's rarer lines: no state directory, a bad argument, a file that cannot be read or written, the demo sandbox, `door watch` without a terminal
failure-no-state-dir = kein Zustandsverzeichnis: XDG_STATE_HOME oder HOME setzen
failure-no-state-dir-audit = kein Zustandsverzeichnis (HOME oder XDG_STATE_HOME setzen)
failure-event-needs-id = --event braucht die ID oder den Hash einer Veranstaltung
failure-ticket-id-too-large = { $text } ist zu groß für eine Ticket-ID
failure-cannot-read-from = { $what } kann nicht gelesen werden: { $error }
failure-at-line = Zeile { $line }: { $error }
failure-no-people = keine Personen in { $from }
failure-customer-id = { $text }: ein Kunde wird customer:ID geschrieben, mit seiner ID
failure-cannot-write-file = { $path } kann nicht geschrieben werden: { $error }
failure-cannot-write-bare = kann nicht schreiben: { $error }
failure-config-read-failed = das Lesen der Konfiguration ist fehlgeschlagen: { $error }
failure-demo-sandbox = die Demo-Sandbox kann nicht starten: { $error }
failure-door-watch-id = door watch braucht die ID des Termins (oder der Veranstaltung), nicht { $given }
failure-door-watch-terminal = door watch braucht ein Terminal; door stats verwenden

## `doctor`: what each check found (names, addresses, paths and what a server or the system said as they are)
doc-demo-config = nicht verwendet (--demo: die eingebaute Sandbox)
doc-demo-profile = nicht verwendet (--demo)
doc-skip-no-base-url = nicht geprüft: keine Basis-URL
doc-not-checked = nicht geprüft
doc-desk-log-ok = { $db } ({ $source }): Schema { $schema }, die Rechte einer Spur
doc-queued-none = kein Einlass auf diesem Rechner in der Warteschlange
doc-queued-any = beliebig
doc-queued-for = { $count } für { $log }
doc-queued = { $count ->
    [one] { $count } Einlass
   *[other] { $count } Einlässe
} auf diesem Rechner für das gemeinsame Protokoll in der Warteschlange ({ $logs }): `boxoffice desk sync` dieses Protokolls sendet sie
doc-config-private = { $path }, privat (0600)
doc-config-readable = { $path } ist für andere lesbar; chmod 600 { $path } ausführen
doc-config-invalid-unused = { $error } (jetzt nicht verwendet, aber jeder Lauf ohne BOXOFFICE_BASE_URL liest sie)
doc-config-none-needed = kein { $path }; nicht nötig, Basis-URL und Schlüssel kommen aus Optionen oder der Umgebung
doc-config-none = kein { $path }; `boxoffice config init` ausführen oder BOXOFFICE_BASE_URL und BOXOFFICE_API_KEY setzen
doc-profile-none = keines in Gebrauch
doc-no-key = kein API-Schlüssel: BOXOFFICE_API_KEY setzen, oder api_key_command im Profil (boxoffice config init)
doc-key-readable = { $path } enthält api_key und ist für andere lesbar; chmod 600 { $path } ausführen
doc-skip-url-refused = nicht geprüft: die Basis-URL wird abgelehnt
doc-url-plain = einfaches http, nur zu Loopback erlaubt
doc-skip-no-host = nicht geprüft: der Host wurde nicht gefunden
doc-skip-no-connection = nicht geprüft: keine Verbindung
doc-skip-no-key = nicht geprüft: kein API-Schlüssel zum Fragen
doc-tls-plain = einfaches http zu Loopback
doc-tls-ok = Handshake und Zertifikat akzeptiert
doc-tls-none = keine HTTPS-Antwort: { $why }; Hostnamen, Zertifikat oder Proxy prüfen
doc-key-ok = akzeptiert (GET /events?limit=1 antwortete in { $ms } ms)
doc-key-refused = Authentifizierung abgelehnt (HTTP { $status }): der API-Schlüssel wurde nicht angenommen; BOXOFFICE_API_KEY oder das api_key_command des Profils prüfen (boxoffice config show)
doc-key-no-answer = nicht geprüft, keine Antwort: { $error }
doc-key-failed = GET /events?limit=1 fehlgeschlagen: { $error }
doc-dns-no-address = { $host } hat keine Adresse
doc-dns-literal = nicht nötig: { $host } ist eine Adresse
doc-dns-ok = { $host } → { $first } ({ $count ->
    [one] { $count } Adresse
   *[other] { $count } Adressen
})
doc-dns-failed = { $host } nicht gefunden ({ $error }); Slug des Geschäfts und API-Host prüfen, oder das Netz
doc-dns-timeout = keine Antwort für { $host } innerhalb von { $secs } s; das Netz prüfen
doc-tcp-ok = verbunden mit { $addr }
doc-tcp-timeout = { $addr }: keine Antwort innerhalb von { $secs } s
doc-tcp-failed = keine Verbindung ({ $last }); Netz, Firewall oder Proxy prüfen
doc-clock-no-date = der Server sandte keinen Date-Header
doc-clock-ok = höchstens { $off } s von der Serveruhr entfernt
doc-clock-ahead = { $off } s vor der Serveruhr; die Zeit dieses Rechners stellen (NTP): heute, vergangen und kommend am Einlass hängen davon ab
doc-clock-behind = { $off } s hinter der Serveruhr; die Zeit dieses Rechners stellen (NTP): heute, vergangen und kommend am Einlass hängen davon ab
doc-term-not = kein Terminal (stdout ist umgeleitet); doctor im Terminal ausführen, das die TUI nutzen wird
doc-term-small = kleiner als { $size }: das Fenster vergrößern
doc-term-size-hint = { $size } (80×24 oder mehr zeigt jede Spalte)
doc-term-no-size = seine Größe ist nicht lesbar
doc-term-no-colour = keine Farben (NO_COLOR)
doc-term-24bit = 24-Bit-Farbe
doc-term-256 = 256 Farben
doc-term-basic = Grundfarben
doc-term-dumb = TERM=dumb kann die TUI nicht zeichnen: TERM setzen (z. B. xterm-256color)
doc-term-not-utf8 = das Locale ({ $locale }) ist nicht UTF-8: Namen in anderen Schriften erscheinen nicht; LANG=C.UTF-8 setzen
doc-term-locale-unset = nicht gesetzt

## `note` (a door's notes) and `tickets --status`; a ticket being revoked in the tickets list
cmd-note-nothing-to-clear = nichts zu löschen: keine Notiz zu { $who }
cmd-note-cleared = gelöscht: die Notiz zu { $who }
cmd-note-noted = notiert: { $who }: { $text }
cmd-note-empty = eine leere Notiz: ihren Text angeben, oder --clear, um eine zu entfernen
cmd-note-too-long = eine Notiz ist eine Zeile neben einem Ergebnis: höchstens { $max } Zeichen
cmd-tickets-bad-status = --status: { $status } ist kein Status
tickets-revoking = wird widerrufen…

## A list's or a search's records that could not be read (what was wrong as the reading said it); more refusals of a list of tickets and of a note
warn-skipped = Warnung: übersprungen: { $what }
warn-flawed = Warnung: { $what } (behalten; das Feld wird ausgegeben, wie es kam)
failure-not-a-ticket-number = { $number } ist keine Ticketnummer
failure-no-tickets-in = keine Ticket-IDs oder -Nummern in { $from }
cmd-note-on = { $text }: eine Notiz gilt einem Ticket (seiner ID oder Nummer) oder customer:ID

## `tickets --admitted` without a desk log on this machine
warn-no-desk-log = Warnung: kein Einlassprotokoll auf diesem Rechner für { $business }; die Spalte der Eingelassenen bleibt leer

## A write the desk log refused (what the store said, in the language)
failure-not-kept = nicht gespeichert: { $error }

## A file of this machine that cannot be read (`:enroll-from`)
file-cannot-read = { $path } kann nicht gelesen werden: { $error }
