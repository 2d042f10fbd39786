# Les mots de boxoffice en français (la source est en.ftl).

## Nombres et dates

# Espace fine insécable entre les groupes : 79 870.
number-group = {"\u202F"}
number-decimal = ,
date = { $weekday ->
        [0] lun.
        [1] mar.
        [2] mer.
        [3] jeu.
        [4] ven.
        [5] sam.
       *[6] dim.
    } { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    }
date-time = { $weekday ->
        [0] lun.
        [1] mar.
        [2] mer.
        [3] jeu.
        [4] ven.
        [5] sam.
       *[6] dim.
    } { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    }, { $time }
date-long = { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    } { $year }
date-long-time = { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    } { $year }, { $time }
day-today = aujourd’hui
day-tomorrow = demain
day-yesterday = hier
day-in = { $count ->
        [one] dans { $count } jour
       *[other] dans { $count } jours
    }
day-ago = { $count ->
        [one] il y a { $count } jour
       *[other] il y a { $count } jours
    }
age-days = { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }

## Les verdicts

verdict-valid = VALIDE
verdict-already-admitted = DÉJÀ ENTRÉ
verdict-not-valid = NON VALIDE
verdict-other-edition = AUTRE ÉDITION
verdict-other-event = AUTRE ÉVÉNEMENT
verdict-unknown = INCONNU
verdict-exit = SORTIE
verdict-welcome-back = BON RETOUR
verdict-not-open-yet = PAS ENCORE OUVERT
verdict-closed = FERMÉ
verdict-not-inside = PAS ENTRÉ
verdict-full = COMPLET
verdict-valid-short = VALIDE
verdict-already-admitted-short = DÉJÀ ENTRÉ
verdict-not-valid-short = NON VALIDE
verdict-other-edition-short = ÉDITION
verdict-other-event-short = ÉVÉNEMENT
verdict-unknown-short = INCONNU
verdict-exit-short = SORTIE
verdict-welcome-back-short = RETOUR
verdict-not-open-yet-short = PAS OUVERT
verdict-closed-short = FERMÉ
verdict-not-inside-short = DEHORS
verdict-full-short = COMPLET
verdict-held = RETENU
face-checking = VÉRIFICATION
face-not-recorded = NON ENREGISTRÉ
face-undone = ANNULÉ
face-other-lane = AUTRE FILE

## Ce que dit un verdict

meaning-valid = entré : laissez passer
meaning-admitted-just-now = entré à l’instant à { $lane }
meaning-admitted-at = entré à { $time } UTC à { $lane }
meaning-back-just-now = revenu à l’instant par { $lane }
meaning-back-at = revenu à { $time } UTC par { $lane } (retour)
meaning-ticket-for = billet pour { $name }{ $when }
meaning-unknown = aucun billet ne correspond
meaning-exit = sort : enregistré (un de moins à l’intérieur)
meaning-welcome-back = de retour : sorti à { $time } UTC par { $lane }
meaning-left = sorti à { $time } UTC par { $lane } — pas de retour par cette porte
meaning-not-open-yet = ouvre à { $opens } : rien d’enregistré
meaning-closed = fermé depuis { $closed } : rien d’enregistré
meaning-not-inside = pas entré par cette porte : rien d’enregistré
meaning-left-already = déjà sorti à { $time } UTC par { $lane } : rien d’enregistré
meaning-full = { $inside } à l’intérieur sur { $capacity } — le suivant quand quelqu’un sort
meaning-held = une note arrête la porte : scannez-le seul
meaning-forced-capacity = entré au-delà de la capacité : forcé par { $lane }
meaning-forced-hours = entré hors des horaires : forcé par { $lane }
meaning-from-list = { $meaning } (d’après la liste : l’API n’a pas répondu)
meaning-no-match = aucun billet ne correspond à « { $scanned } »
meaning-why = { $why } : « { $scanned } »
meaning-checking = vérification du billet { $scanned }…
meaning-undone = annulé : pas entré
meaning-elsewhere = entré à { $lane }
status-unenrolled = révoqué (désinscrit)
status-unknown = statut inconnu
status-cancelled = annulé
status-pending = en attente
why-not-a-code = pas un code de billet
why-foreign = un lien vers un autre site ({ $host })
why-no-such-number = aucun billet ici n’a ce numéro
why-no-such-id = aucun billet n’a cet identifiant
why-could-not-read = billet illisible ({ $why })
why-names-no-event = le billet ne nomme aucun événement
admit-order-line = (commande { $order })

## Le contrôle d’accès

note-scans-beside = les derniers scans sont à droite
note-wrong-pin = PIN erroné : le contrôle reste ouvert
note-nothing-to-close = rien à fermer : { $key } quitte le contrôle
note-read-only = lecture seule : inscrire et révoquer sont désactivés
note-walk-in-offline = hors ligne : une vente sur place demande le réseau (rien n’est mis en attente) ; le contrôle relit la liste tout seul
note-order-none = commande { $order } : personne de choisi, personne d’entré
note-order-admitted = { $count ->
        [one] commande { $order } : { $count } de plus entré
       *[other] commande { $order } : { $count } de plus entrés
    }
note-nothing-to-undo = rien à annuler : ce contrôle n’a fait entrer personne ici
note-undo-too-old = rien à annuler : la dernière entrée de ce contrôle ({ $number } à { $time }) date de plus de { $minutes } min

banner-sending = { $count } en attente · envoi au journal partagé
banner-sending-short = { $count } en attente · envoi
banner-unreachable = JOURNAL PARTAGÉ INJOIGNABLE depuis { $since } — verdicts de cette file seulement
banner-unreachable-queued = { $count ->
        [one] JOURNAL PARTAGÉ INJOIGNABLE depuis { $since } — verdicts de cette file seulement · 1 entrée en attente
       *[other] JOURNAL PARTAGÉ INJOIGNABLE depuis { $since } — verdicts de cette file seulement · { $count } entrées en attente
    }
banner-unreachable-short = JOURNAL PARTAGÉ INJOIGNABLE depuis { $since }
banner-unreachable-short-queued = JOURNAL INJOIGNABLE depuis { $since } · { $count } en attente

held-of = vérification… { $read } sur { $of } lus
held-read = vérification… { $read } lus
held-others = vérification… les listes des autres éditions ({ $count } encore en lecture)

door-none-today = { $title } : aucune édition aujourd’hui ni plus tard
door-next-edition = aucune édition aujourd’hui : contrôle de la suivante, { $name } ({ $when })
policy-edition = édition { $id }
policy-this-edition = cette édition
policy-every-edition = toutes les éditions
policy-from = dès { $time }
policy-until = jusqu’à { $time }
policy-reentry = retour permis
policy-max = { $capacity } max

desk-finding = recherche de l’édition du jour de { $title }…
desk-choosing = Plusieurs éditions de { $title } ont lieu aujourd’hui : laquelle ?
desk-choosing-keys = ↑/↓ choisir · Enter contrôler · { $leave } quitter
desk-prompt-scan = scan
desk-prompt-name = nom
desk-prompt-pin = PIN
desk-ready = prêt : scannez un billet
desk-ready-exit = FILE DE SORTIE — prêt : scannez un billet pour laisser sortir
desk-exit-lane-tag = ↤ FILE DE SORTIE
desk-lane = file { $lane }
desk-online = ● en ligne · { $n } billets
desk-loading = chargement des billets… { $n } lus
desk-refreshing = { $n } billets · actualisation… ({ $read } lus)
desk-refreshing-from = liste de { $time } UTC, actualisation… ({ $read } lus)
desk-offline = ✖ HORS LIGNE — { $from } · { $error } · F5 réessaie
desk-list-read-at = liste lue à { $time } UTC{ $age }
desk-list-from = liste de { $time } UTC{ $age }
desk-list-age = il y a { $age }
desk-no-offline-list = pas de liste hors ligne
desk-read-before-failed = { $n } billets lus avant l’échec
desk-api-down = ✖ API injoignable depuis { $time } UTC{ $list }
desk-list-of = liste de { $time } UTC
counter-adm = ent.
counter-inside = dedans
counter-valid = valides
counter-total = total
counter-admitted = entrés
counter-inside-now = dedans
counter-last-5-min = 5 dernières min
desk-note-done = (Enter : fait)
desk-force-hint = { $key } : entrer quand même (demande)
desk-order = commande { $order } : { $count } de plus — { $names } · { $enter } · Espace choisit
desk-order-enter = Enter les fait tous entrer
desk-order-enter-but = Enter les fait tous entrer sauf ⚑
desk-order-in-already = déjà entrés : { $names }

## Les questions du contrôle

ask-undo-just-now = Annuler l’entrée de { $who }, à l’instant ?
ask-undo-at = Annuler l’entrée de { $who }, à { $time } UTC ?
ask-undo-how = Enter : annuler · Esc : la garder (un scan la garde aussi)
ask-undo-exit = Annuler la sortie de { $who }, à { $time } UTC ?
ask-undo-exit-how = Enter : de retour dedans · Esc : la garder (un scan la garde aussi)
ask-leave = Quitter le contrôle d’accès ?
ask-leave-how = Enter ou { $key } encore : quitter · Esc : rester
ask-leave-pin-how = tapez le PIN, puis Enter · Esc : rester
ask-leave-line = Quitter le contrôle d’accès ? Enter ou { $key } encore : quitter · Esc : rester
ask-leave-line-pin = Quitter le contrôle d’accès ? PIN › { $dots }▏ (Enter · Esc : rester)
ask-leave-help = { $leave } quitter · { $help } aide
ask-exit-lane = Faire de cette file une file de sortie ? Un scan laisse alors sortir (SORTIE).
ask-entry-lane = Refaire de cette file une file d’entrée ?
ask-yes-no = Enter : oui · Esc : non (un scan dit non aussi)
ask-force-capacity = Faire entrer { $who } quand même, au-delà de la capacité ?
ask-force-hours = Faire entrer { $who } quand même, hors des horaires ?
ask-force-this-ticket = ce billet
ask-force-how = Enter : faire entrer, enregistré comme forcé par la file { $lane } · Esc : non
ask-search = Chercher un participant par nom
ask-search-how = tapez un nom, puis Enter · Esc : retour au scan (un scan est jugé)
ask-order = Faire entrer { $count } de plus de la commande { $order } ?
ask-order-how = Enter : les faire entrer · Espace : choisir · ↑/↓ · Esc : non (un scan dit non aussi)

## Les panneaux du contrôle

panel-help = Touches · le contrôle (F1 ou Esc ferme ; un scan est jugé)
panel-named = { $count ->
        [one] { $count } participant correspond à « { $typed } » — ↑/↓ choisir, Enter vérifier, Esc fermer
       *[other] { $count } participants correspondent à « { $typed } » — ↑/↓ choisir, Enter vérifier, Esc fermer
    }
panel-named-admitted = entré à { $time } à { $lane }
panel-last-scans = Derniers scans
panel-none-yet = aucun pour l’instant
panel-twice = Entrés deux fois
panel-reading = lecture…
panel-cannot-read = illisibles : { $error }
panel-none = aucun
panel-twice-close = F6 ou Esc : fermer

## Les touches du contrôle

hint-scan = scan
hint-help = aide
hint-walk-in = sur place
hint-name = nom
hint-last-scans = derniers
hint-refresh = actualiser
hint-door = porte
hint-undo = annuler
hint-exit-lane = file de sortie
hint-twice = deux fois
hint-leave = quitter
help-quit = quitter le contrôle, comme la touche quitter (demande)

## Questions avant une écriture (révoquer, inscrire)

revoke-title = Révoquer le billet ?
revoke-ticket = billet
revoke-attendee = participant
revoke-email = e-mail
revoke-edition = édition
revoke-not-confirmed = Ce billet est { $status }, pas confirmé.
revoke-cannot-undo = Le billet sera désinscrit ; c’est irréversible.
revoke-key-yes = révoquer
revoke-key-other = toute autre touche
revoke-key-cancel = annuler
enroll-title = Inscrire par e-mail
enroll-into = dans
enroll-email = E-mail
enroll-name = Prénom
enroll-last-name = Nom
enroll-type = Type
enroll-rereading = ⟳ relecture des billets…
enroll-sending = ⟳ envoi…
enroll-send = envoyer
enroll-next = champ suivant
enroll-cancel = annuler

## Les notes et lignes du contrôle

desk-event = événement { $id }
desk-crumb = Contrôle d’accès · { $title }
desk-event-failed = événement { $id } : { $error }
desk-editions-failed = éditions : { $error }
note-walk-in-closed = un scan a fermé le formulaire sur place : { $key } le rouvre tel quel
note-held = { $what }, retenu pendant la lecture de la liste : { $word }
note-enrolled-not-listed = { $email } est déjà inscrit ici, mais son billet n’est pas encore dans la liste : F5 la relit
note-ticket = billet { $id } : { $text }
note-lost = { $number } : PAS entré ici — { $verdict }, { $why }
note-dropped = « { $typed } » ignoré, tapé à la main avant le scan
note-no-attendee = aucun participant ne correspond à « { $typed } »
note-new-ticket = nouveau billet { $number } pour { $name } : scannez-le ou tapez-le
note-new-ticket-failed = lecture du nouveau billet : { $error }
note-offline-edition = hors ligne : contrôle de { $edition }, la dernière édition contrôlée ici pour l’événement { $event }
note-offline-today = { $why } : contrôle de { $id } avec la liste hors ligne
note-no-offline-list = pas de liste hors ligne : { $error }
note-exit-lane = file de sortie désormais : un scan laisse sortir (SORTIE)
note-entry-lane = file d’entrée : un scan laisse entrer
note-nothing-to-force = rien à faire entrer quand même : seulement sur PAS ENCORE OUVERT, FERMÉ ou COMPLET
note-nothing-undone = rien d’annulé : cette entrée n’était pas dans le journal du contrôle
note-undo-failed = annuler : { $error }
offline-no-event = l’événement n’a pas pu être lu
warning-no-desk-log = journal du contrôle indisponible ({ $error }) : entrées gardées en mémoire seulement
checking-api = vérification auprès de l’API…
checking-id = vérification du billet { $id }…
checking-elsewhere = absent des listes de cette porte : recherche dans les autres événements…
valid-from-list = d’après la liste
valid-from-list-of = d’après la liste de { $time }
walk-in-admitted = inscrit sur place et entré · Esc : annuler l’entrée
walk-in-enrolled-already = déjà inscrit, son billet : { $meaning }
not-recorded = non enregistré : { $error }
not-recorded-no-admission = non enregistré : le journal n’a aucune entrée à laquelle revenir
lost-ago = il y a { $seconds } s
lost-why = { $lane } à { $time }{ $ago }
why-order = commande { $order }
undone-exit = sortie de { $number } à { $time } annulée : de nouveau à l’intérieur
undone-here = entrée de { $number } à { $time } annulée ici — toujours entrée à { $lane } ({ $lane-time })
undone-admission = entrée de { $number } à { $time } annulée : pas entré
alert-admitted-twice = { $count ->
        [one] un billet est entré par deux files (trouvé en rejouant) : F6 le montre
       *[other] { $count } billets sont entrés par deux files (trouvés en rejouant) : F6 les montre
    }
conflict-line = { $number }  entré deux fois : { $first } { $first-time }, { $second } { $second-time }

## La barre d’état au contrôle

status-keys = { $help } aide · { $leave } quitter
status-api-down = ✖ API injoignable depuis { $time }
status-list-age = liste vieille de { $age }
status-no-list = pas de liste
status-list-unknown-age = liste d’âge inconnu
status-offline = ✖ hors ligne · { $age }

## Ce que fait une touche du contrôle (son aide)

help-scan = vérifier ce qui est tapé ; répondre oui à une question
help-pick = choisir parmi les participants d’une recherche par nom
help-back = fermer ce qui est ouvert, vider la saisie, puis le verdict (ne quitte jamais)
help-help = aide
help-walk-in = sur place : inscrire par e-mail à cette édition, puis faire entrer
help-name = chercher un participant par son nom
help-last-scans = les derniers scans
help-twice = les billets entrés deux fois (plusieurs files)
help-refresh = relire les billets
help-door = la porte d’un coup d’œil : chaque file, arrivées, à l’intérieur (Esc retour)
help-exit-lane = file de sortie oui ou non (demande) : un scan y laisse sortir
help-undo = annuler la dernière entrée de ce contrôle (demande)
help-force = faire entrer quand même hors des horaires (demande ; enregistré comme forcé)
help-clear = effacer le verdict
help-leave = quitter le contrôle (demande ; le PIN s’il y en a un)

## Une erreur de l’API, telle qu’on la lit

api-network = erreur réseau : { $detail }
api-timed-out = délai dépassé : { $detail }
api-auth = authentification refusée (HTTP { $status }){ $detail }
api-status = le serveur a répondu HTTP { $status }{ $detail }
api-not-applied = non appliqué : { $why }
unsettled-lost = sa réponse a été perdue
unsettled-lost-error = sa réponse a été perdue ({ $error })
unsettled-not-sent-again = pas renvoyée : la même écriture n° { $seq } du { $at }
unsettled-earlier-unknown = pas renvoyée : la même écriture n° { $seq } du { $at } a un résultat inconnu ({ $why })
unsettled-unlearnt = { $lost } ; { $why }
unlearnt-unreadable = illisible : { $error }
unlearnt-within = pas appris en { $secs } s : { $error }
unlearnt-once-more = pas appris en le relisant une fois : { $error }
unlearnt-no-answer = aucune réponse lisible

## Questions avant d’écrire sur plusieurs (révocation groupée, inscription depuis un fichier)

status-open = ouvert
status-not-confirmed = non confirmé
status-confirmed = confirmé
bulk-revoke-title = { $count ->
        [one] Révoquer { $count } billet marqué ?
       *[other] Révoquer { $count } billets marqués ?
    }
bulk-revoking = Révocation { $seen } sur { $total }
bulk-revoke-done = Révocation groupée : terminé
bulk-skip-unenrolled = déjà désinscrit : ignoré
bulk-more = … et { $count } de plus
bulk-status-count = { $count } { $status }
bulk-not-confirmed = Non confirmés : { $list }.
bulk-revoke-cannot-undo = Chacun sera désinscrit, un à la fois ; c’est irréversible.
bulk-now = en cours
bulk-stopped-revoke = arrêté : plus rien n’est envoyé ; celui en cours se termine
bulk-stopped = arrêté : plus rien n’est envoyé
bulk-left-marked = { $count ->
        [one] { $count } reste marqué
       *[other] { $count } restent marqués
    }
bulk-key-revoke = révoquer { $count }
bulk-key-enroll = inscrire { $count }
bulk-key-stop = arrêter après celui en cours
bulk-key-retry = réessayer les restants
bulk-key-any = n’importe quelle touche
bulk-key-close = fermer
bulk-enroll-title = Inscrire depuis { $path }
bulk-enrolling = Inscription { $seen } sur { $total }
bulk-enroll-done = Inscription depuis un fichier : terminé
bulk-enroll-counts = { $new } nouveaux · { $skip } déjà inscrits · { $bad } lignes invalides
bulk-enroll-new = nouveau
enroll-in-ask = Inscrire { $who } à { $into } (payant) ?
enroll-in-edition = édition { $detail }
enroll-in-sending = ⟳ envoi… inscription de { $who } à { $into }
enroll-in-waiting = en attente de la réponse de l’API
enroll-customer-ask = Inscrire { $who } <{ $email }> (payant) ?
enroll-customer-sending = ⟳ envoi… inscription de { $who }
ask-key-yes = oui
ask-key-retry = réessayer
ask-key-back = retour
note-title = Note sur { $on }
note-reading = lecture de la note gardée…
note-label = note
note-how = montrée à la porte à côté du verdict ; vidée, elle est effacée
note-ask-clear = Effacer la note sur { $on } ?
note-keeping = enregistrement…
note-key-clear = l’effacer
note-key-keep = garder
enroll-required = obligatoire
enroll-not-an-email = pas une adresse e-mail (nom@exemple.fr)
enroll-required-type = obligatoire (p. ex. paid)

## La porte d’un coup d’œil (F7 au contrôle)

door-inside = à l’intérieur
door-admitted = entrés
door-to-come = à venir
door-of-valid = { $admitted } sur { $valid }{ $percent }
door-moves = sorties { $exits } · conflits { $conflicts } · forcés { $forced }
door-as-last-read = { $error } (à la dernière lecture)
door-busiest = pointe
door-arrived = { $count } arrivées
door-now = actu.
door-arrivals = arrivées par { $minutes } min (UTC, depuis { $from })
door-col-lane = file
door-col-admitted = entrés
door-col-last-scan = dernier
door-col-state = état
door-lane-scanning = scanne
door-lane-idle = au repos
door-lane-offline = hors ligne

## A store's failure, as a person reads it (a path, a URL and what SQLite,
## PostgreSQL or the system said stay as they are)

store-part-local-store = stockage local
store-part-desk-log = journal du contrôle
store-part-memory-log = journal du contrôle en mémoire
store-part-shared-log = journal partagé
store-part-offline-list = liste hors ligne
store-part-audit-log = journal d’audit
store-part-desk-database = base du contrôle
store-part-tls = TLS de la base du contrôle
store-part-file = fichier
store-unreachable = le journal partagé est injoignable
store-unreachable-undo = le journal partagé est injoignable : seules les entrées faites depuis peuvent être annulées
store-unreachable-rules = le journal partagé est injoignable : les sorties, les entrées forcées, la règle de la porte et les notes en ont besoin
store-no-answer = le journal partagé n’a pas répondu en { $ms } ms
store-failed-earlier = { $part } : déjà en échec
store-absent = pas de { $part } sur cette machine
store-crashed = le stockage local a échoué : { $detail }
store-at = { $at } : { $detail }
store-no-host = base du contrôle { $place } : pas d’hôte
store-cleartext = base du contrôle { $place } : sslmode=disable vers un hôte qui n’est pas cette machine enverrait le mot de passe en clair ; utilisez sslmode=require
store-db-no-answer = base du contrôle { $place } : pas de réponse en { $ms } ms
store-schema-newer = base du contrôle { $place } : le schéma { $found } vient d’un boxoffice plus récent (celui-ci connaît le { $knows })
store-schema-older = base du contrôle { $place } : schéma { $found }, ce boxoffice a besoin du { $needs } (lancez `boxoffice desk-db init`)
store-keeps-no-forced = ce journal du contrôle ne garde pas d’entrées forcées
store-keeps-no-exits = ce journal du contrôle ne garde pas de sorties
store-keeps-no-policy = ce journal du contrôle ne garde pas de règle de la porte
store-keeps-no-notes = ce journal du contrôle ne garde pas de notes
store-too-large = l’id { $id } est trop grand pour être gardé
store-not-a-move = { $word } n’est pas un mouvement
store-unknown-move = un mouvement { $word }
store-scan-id = id de scan { $text } : { $detail }
store-answered = le journal du contrôle a répondu { $said }
store-already-admitted = déjà entré : { $desk } à { $time }

## A headless command's failure, as a person reads it on stderr

failure-unknown = résultat inconnu ({ $error }) ; { $hint }
failure-readonly = --readonly : enroll et revoke sont refusés en mode contrôle
failure-event = l’événement { $id }
failure-event-named = l’événement { $named } (id { $id })
failure-ticket = le billet { $id }
failure-ticket-numbered = le billet { $id } ({ $number })
failure-not-in = { $ticket } n’est pas dans { $event }
failure-not-in-but = { $not-in } ; c’est un billet de l’événement { $event }
failure-give-ticket = donnez un id ou un numéro de billet
failure-end-of-many = { $number } est la fin de { $count } numéros dans { $event } ({ $some }) ; donnez le numéro entier
failure-no-ticket = aucun billet { $number } dans { $event }
failure-no-ticket-read = aucun billet { $number } dans { $event } ({ $read })
failure-read = { $tickets } billets lus
failure-read-editions = { $tickets } billets lus sur { $editions } éditions
failure-unreadable = { $read } ; { $count } illisibles
admit-alone = le journal partagé du contrôle est injoignable ({ $why }) : jugé hors ligne { $from }
admit-alone-kept = le journal partagé du contrôle est injoignable ({ $why }) : { $number } est entré sur cette file seulement ({ $lane }), envoyé quand le journal répondra ; jugé hors ligne { $from }
admit-from-own = d’après les seules entrées de cette file (elle n’a jamais lu le journal partagé pour cet événement)
admit-from-copy = d’après la copie du journal partagé de cette file, lue à { $time } UTC{ $ago }, et ses propres entrées
admit-ago = { " " }(il y a { $seconds } s)

## The door's figures (`door watch`, `door stats`)

door-col-rate = /min
age-seconds = { $n } s
age-minutes = { $n } min
age-hours = { $h } h { $min } min
stats-title = La porte de { $title } (événement { $id }) à { $time } UTC
stats-inside-now = à l’intérieur
stats-of-capacity = { $inside } sur { $capacity } (jauge)
stats-of-valid = { $admitted } sur { $valid } valides
stats-of-valid-percent = { $admitted } sur { $valid } valides ({ $percent } %)
stats-still-to-come = encore à venir
stats-col-from = depuis
stats-col-arrivals = arrivées
stats-per = (par { $minutes } min, UTC)

## A list's column titles (the TUI's tables; CSV and JSON keep English field names)

col-access = accès
col-at-utc = heure (UTC)
col-attendee = participant
col-completed = terminé
col-created = créé
col-customer = client
col-date = date
col-dates = dates
col-desk = contrôle
col-email = e-mail
col-edition = édition
col-enrolled = inscrit
col-event = événement
col-id = id
col-items = articles
col-location = lieu
col-ms = ms
col-name = nom
col-number = numéro
col-open-pend-canc = ouv/att/ann
col-operation = opération
col-order = commande
col-outcome = résultat
col-phone = téléphone
col-price = prix
col-progress = progression
col-rating = note
col-sold = vendus
col-sold-stock = vendus/stock
col-state = état
col-status = statut
col-stock = stock
col-target = cible
col-time = heure
col-time-zone = fuseau
col-total = total
col-type = type
col-when = quand

## The help panel (?): what each key does, its title, the moving keys

key-quit = quitter (Ctrl-z suspend, fg reprend)
key-back-root = retour (quitte à la racine)
key-back-filter = retour (efface d’abord un filtre)
key-palette = palette de commandes
key-refresh = actualiser cet écran
key-down = bas
key-up = haut
key-first-row = première ligne
key-last-row = dernière ligne
key-page-down = page suivante
key-page-up = page précédente
key-root-tab = événements · clients · commandes · produits · cours
key-open-event = ouvrir l’événement
key-filter-name = filtrer par nom
key-sort-next = trier par la colonne suivante
key-sort-reverse = inverser le tri
key-enroll-email-first = inscrire par e-mail (première édition disponible)
key-enroll-customer-first = inscrire un client (première édition disponible)
key-copy-event-name = copier le nom de l’événement
key-desk-today = contrôle d’accès (édition du jour)
key-tickets-edition = billets de l’édition
key-tickets-main = billets de l’événement principal
key-enroll-email-selected = inscrire par e-mail dans l’édition choisie
key-enroll-customer-selected = inscrire un client dans l’édition choisie
key-desk-selected = contrôle d’accès de l’édition choisie
key-ticket-detail = détail du billet
key-filter-name-email-number = filtrer par nom, e-mail, numéro
key-next-tab = onglet d’état suivant
key-prev-tab = onglet d’état précédent
key-status-tab = état : 1 tous 2 conf 3 désin 4 ouv 5 att 6 ann
key-enroll-email = inscrire par e-mail
key-enroll-customer = inscrire un client
key-sort-tickets = trier : Numéro pArticipant Mail sTatut Créé Prix cOmmande
key-mark = marquer/démarquer, puis bas
key-mark-all = marquer tout ce qui est affiché
key-unmark-all = tout démarquer
key-revoke-marked = révoquer le billet (ou tous les marqués)
key-export-tickets = exporter les billets affichés (:export)
key-copy-ticket-number = copier le numéro du billet
key-door-note = la note de la porte (⚑)
key-revoke = révoquer le billet
key-open-line = ouvrir ce que la ligne nomme (marquée ›)
key-next-line = ligne suivante
key-prev-line = ligne précédente
key-top = début
key-bottom = fin
key-fields-raw = champs / JSON brut
key-open-customer = ouvrir le client
key-search-customers = chercher nom, e-mail, téléphone (meilleurs d’abord)
key-copy-email = copier l’e-mail
key-find-tickets = chercher ses billets en cours et à venir (encore : arrêt)
key-revoke-line = révoquer le billet de la ligne
key-tickets-of-event = billets de l’événement ou édition de ce billet
key-enroll-in-event = l’inscrire (choisir l’événement, puis l’édition)
key-copy-line = copier le numéro du billet, sinon l’e-mail
key-their-note = sa note de la porte (⚑)
key-open-order = ouvrir la commande
key-filter-orders = filtrer par numéro, client, e-mail
key-copy-order = copier le numéro de la commande
key-open-product = ouvrir le produit
key-open-course = ouvrir le cours
key-course-enrollments = les inscriptions du cours
key-filter-name-email = filtrer par nom, e-mail
key-move = se déplacer (aussi { $keys })
key-everywhere = partout
key-title = Touches · { $screen }
key-scroll = { $arrows } plus · { $keys } défiler · autre touche ferme
key-any-closes = toute touche ferme
note-too-long = une note est une ligne à côté du verdict : { $max } caractères au plus
note-read-failed = la note gardée n’a pas pu être lue : { $error }
note-not-kept = non gardée : { $error }
failure-hint-safe = on peut la renvoyer sans risque
failure-hint-unsettled-revocation = la révocation a peut-être été appliquée, peut-être pas : ne la renvoyez pas avant de vérifier avec `{ $check }` ; `boxoffice audit settle` la relit
failure-hint-unsettled-enrollment = l’inscription a peut-être été appliquée, peut-être pas : ne la renvoyez pas avant de vérifier avec `{ $check }` ; `boxoffice audit settle` la relit
failure-revoke-needs-yes = pas de révocation sans --yes quand l’entrée standard n’est pas un terminal
failure-revoke-many-needs-yes = pas de révocation sans --yes quand on ne peut pas demander (l’entrée standard n’est pas un terminal, ou c’est la liste)
failure-enroll-many-needs-yes = pas d’inscription sans --yes quand on ne peut pas demander (l’entrée standard n’est pas un terminal, ou c’est la liste)

## A list's count, filter and placeholder (the TUI's lists)

noun-tickets = billets
noun-events = événements
noun-editions = éditions
noun-customers = clients
noun-orders = commandes
noun-products = produits
noun-courses = cours
noun-enrollments = inscriptions
noun-writes = écritures
noun-order-details = détails de commandes
noun-customer-details = détails de clients
noun-product-details = détails de produits
noun-course-details = détails de cours
list-matches = { $count ->
        [one] { $shown } résultat
       *[other] { $shown } résultats
    }
list-enter-tab = Enter ouvre · Tab garde
list-esc-clears = Esc efface
list-marked = { $count } marqués
list-sort = tri :
list-unreadable = { $count } illisibles
list-loading = chargement des { $noun }…
list-load-failed = impossible de charger les { $noun }{ $hint } : { $error }
list-no-match-yet = pas encore de résultat · { $progress }
list-no-match = aucun résultat parmi les { $noun }
list-retries = { " " }(R réessaie)

## The TUI's chrome: the tabs, the path in the title line, the status bar, toasts

tab-events = Événements
tab-customers = Clients
tab-orders = Commandes
tab-products = Produits
tab-courses = Cours
crumb-audit = Journal d’audit
crumb-enrollments = Inscriptions
crumb-enrollments-of = Inscriptions · { $name }
crumb-order = Commande { $number }
crumb-customer = Client { $name }
crumb-ticket = Billet { $number }
crumb-door = Porte · { $title }
crumb-tickets = Billets · { $title }
crumb-tickets-main = Billets · événement principal
bar-read-only = lecture seule
bar-in-flight = ⟳ { $count } en cours
bar-last-error = dernière erreur : { $error }
bar-keys = { $help } aide · { $palette } commandes
toast-scan-not-sent = un scan est arrivé : rien n’a été envoyé
toast-scan-at-desk = un scan est arrivé : rien n’a été fait (scannez au contrôle d’accès)
toast-scan-typed = un scan est arrivé : tapé ici, son Entrée non prise
toast-scan-nothing = un scan est arrivé : rien n’a été fait
toast-scan-after-desk = un scan est arrivé après la sortie du contrôle d’accès : rien n’a été fait
toast-key-unread = une touche juste après la question : pas prise comme réponse
toast-nothing-to-copy = rien à copier ici
toast-copied = copié { $text }
toast-unmarked = { $count } démarqués
toast-revoked = { $number } révoqué : désinscrit
toast-customer-loading = le client est encore en chargement
empty-events = aucun événement
empty-editions = aucune édition : t montre les billets de l’événement lui-même
empty-tickets = pas encore de billets (e inscrit quelqu’un)
empty-editions-enroll = aucune édition : Entrée inscrit à l’événement lui-même
empty-none = aucun élément ({ $noun })
list-namesakes = { " " }· { $count } s’appellent { $name }
stock-unlimited = illimité

## A configuration problem (exit 2), as a person reads it on stderr

config-cannot-read = impossible de lire { $path } : { $error }
config-business-slug = l’identifiant d’entreprise { $slug } n’est pas un sous-domaine valide (lettres, chiffres et '-')
config-api-host = l’hôte d’API { $host } n’est pas un nom d’hôte valide
config-profile-no-file = profil { $name } demandé, mais { $path } n’existe pas
config-no-profile = pas de profil { $name } dans { $path } (profils : { $names })
config-default-profile = default_profile { $name } n’est pas un profil de { $path }
config-key-command-run = impossible de lancer api_key_command : { $error }
config-key-command-failed = api_key_command a échoué ({ $status })
config-key-command-utf8 = api_key_command a affiché quelque chose qui n’est pas de l’UTF-8
config-key-command-empty = api_key_command n’a rien affiché
config-profile-url = le profil { $name } a besoin de base_url, ou de business et api_host
config-business-needs-host = --business a besoin de --api-host
config-host-needs-business = --api-host a besoin de --business
config-no-api = aucune API à qui parler : indiquez --base-url (ou BOXOFFICE_BASE_URL), --business avec --api-host{ $hint }
config-no-api-profile = { " " }ou un profil dans { $path }
config-no-key = pas de clé d’API : définissez BOXOFFICE_API_KEY, ou api_key_command dans un profil de config.toml
config-no-key-profile = pas de clé d’API : définissez BOXOFFICE_API_KEY, ou api_key_command (ou api_key) dans le profil
config-key-no-file = api_key trouvée sans fichier de configuration
config-readable = config.toml est lisible par d’autres ; lancez chmod 600 { $path }
config-concurrency = { $key } = { $n } dans le profil { $name } : indiquez de 1 à { $max } pages à la fois

## Writes on many (`revoke --from`, `enroll-many`): progress and summary on stderr

bulk-summary = { $done } { $verb } · { $skipped } ignorés · { $failed } en échec · { $unknown } résultat inconnu{ $stopped }
bulk-summary-stopped = { " " }· { $count } non envoyés (arrêté)
bulk-verb-revoked = révoqués
bulk-verb-enrolled = inscrits
bulk-end-skipped = ignoré ({ $why })
bulk-end-failed = échec : { $why }
bulk-end-unknown = résultat inconnu ({ $why })
bulk-end-unknown-revoke = résultat inconnu ({ $why }) ; pas appris en le relisant : vérifiez avec `boxoffice ticket <id>` ou `boxoffice audit settle` avant de renvoyer
bulk-not-enrolled = non inscrit : ligne { $line } : { $email }
bulk-not-revoked = non révoqué : { $named }
bulk-dry-enroll = essai : { $new } à inscrire · { $skip } déjà inscrits · { $bad } lignes invalides ; rien n’a été envoyé
bulk-dry-revoke = essai : { $revoke } à révoquer · { $skip } déjà désinscrits · { $missing } introuvables ; rien n’a été envoyé
bulk-partial-enroll = { $summary } ; vérifiez avec `boxoffice tickets { $event } --all --format csv` avant de renvoyer

## `cache clear`, `desk-db` and `desk sync`: what they say to a person

cache-no-place = pas de répertoire de cache : définissez XDG_CACHE_HOME ou HOME
cache-cannot-remove = impossible de supprimer le cache dans { $path } : { $error }
cache-none-in = aucune liste hors ligne à supprimer dans { $path }
cache-none-for = aucune liste hors ligne à supprimer pour { $business } ({ $path } n’existe pas)
cache-removed = supprimé { $path }
desk-db-none = pas de base du contrôle : indiquez --desk-db postgres://… (ou BOXOFFICE_DESK_DB, ou desk_db dans le profil)
desk-db-created = schéma { $to } créé
desk-db-there = schéma { $to }, déjà là
desk-db-migrated = schéma migré de { $from } à { $to }
desk-db-unusable = une file ne pourrait pas travailler avec cette base
desk-db-no-conflicts = aucun conflit
desk-sync-no-state = pas de répertoire d’état : définissez XDG_STATE_HOME ou HOME
desk-sync-queued = { $count ->
        [one] 1 admission encore en attente sur cette machine
       *[other] { $count } admissions encore en attente sur cette machine
    }
desk-sync-nothing = rien en attente pour ce journal
desk-sync-sent = { $count } envoyées, rien en attente
desk-sync-no-answer = (le journal partagé n’a pas répondu : { $error })

## `doctor`: each check's label (what follows it stays as it is)

doctor-api-key = clé d’API
doctor-dns = DNS
doctor-tcp = TCP
doctor-tls = TLS
doctor-base-url = URL de base
doctor-clock = horloge
doctor-config = configuration
doctor-desk-log = journal du contrôle
doctor-language = langue
doctor-profile = profil
doctor-queued = en attente
doctor-terminal = terminal

## The detail screens: their titles, loading lines, labels and words

detail-loading = chargement : { $noun } { $label }…
detail-failed = impossible de charger { $noun } { $id } : { $error }
detail-failed-toast = { $noun } : { $error }
detail-fields = { $crumb } · champs (r : JSON)
detail-enter = { $crumb } · Entrée : { $what }
detail-raw = JSON brut (r : champs)
detail-raw-beside = JSON brut
link-customer = ouvrir le client { $label }
link-order = ouvrir la commande { $label }
link-ticket = ouvrir le billet { $number }
link-tickets = billets de { $title }
record-course = cours
record-customer = client
record-event = événement
record-order = commande
record-product = produit
record-ticket = billet
# A fact's label (at most 16 columns) or a section's heading.
label-access = accès
label-active = actif
label-addresses = adresses
label-all-fields = tous les champs
label-attendee = participant
label-branch-pickup = retrait en point
label-categories = catégories
label-certificate = certificat
label-company = société
label-contacts = contacts
label-created = créé
label-customer = client
label-description = description
label-discussions = discussions
label-domain = domaine
label-email = e-mail
label-edition = édition
label-enrollments = inscriptions
label-gateway = passerelle
label-identification = pièce d’identité
label-images = images
label-instructors = formateurs
label-items = articles
label-language = langue
label-member-id = n° de membre
label-modules = modules
label-name = nom
label-number = numéro
label-on-completion = à l’achèvement
label-order = commande
label-orders = commandes
label-pay-url = URL de paiement
label-phone = téléphone
label-price = prix
label-published = publié
label-rating = note
label-recipient = destinataire
label-seller = vendeur
label-shipping = livraison
label-sku = SKU
label-source = source
label-status = statut
label-subscriptions = abonnements
label-tax = taxe
label-tax-treatment = régime fiscal
label-template = modèle
label-total = total
label-type = type
label-variants = variantes
label-who = qui
# The event screen's labels (at most 9 columns).
label-dates = dates
label-location = lieu
label-state = état
label-stock = stock
label-tickets = billets
# The event screen's counters: the whole words, and shorter ones where
# the whole ones do not fit a line.
tally-confirmed = confirmés
tally-open = ouverts
tally-pending = en attente
tally-cancelled = annulés
tally-total = au total
tally-confirmed-short = conf.
tally-open-short = ouv.
tally-pending-short = att.
tally-cancelled-short = ann.
tally-total-short = total
tally-available = disponibles { $count }
tally-committed = engagés { $count }
event-editions = Éditions ({ $count })
event-editions-keys = Entrée billets · t billets de l’événement principal
event-main-tickets = { $title } (événement principal)
# A table's cell: where a run stands against today, an event's state.
word-past = passé
word-today = aujourd’hui
word-later = à venir
word-published = publié
word-draft = brouillon
word-inactive = inactif
word-yes = oui
word-no = non
word-none = aucun
customer-revoking = révocation…
customer-search-failed = la recherche a échoué : { $error }

## The TUI's error and info toasts

toast-being-revoked = { $number } est en cours de révocation : attendez la réponse
toast-revoke-unknown = la révocation de { $number } n’a pas de résultat connu : le billet est relu (il n’est pas renvoyé)
toast-tickets-end-in = { $count } billets finissent par { $typed } : tapez le numéro entier
toast-read-only-enroll = lecture seule : inscription refusée
toast-enroll-from-where = ouvrez une liste de billets pour y inscrire
toast-nothing-to-save = rien à enregistrer ici : ouvrez une liste de billets
toast-no-saved-filters = aucun filtre enregistré ici : ouvrez une liste de billets
toast-nothing-to-export = rien à exporter ici : ouvrez une liste de billets
toast-edition-ended = { $name } s’est terminé { $when } : inscrivez dans une édition à venir
toast-cursor-on-their-ticket = placez le curseur sur un de ses billets

## The command palette (:): what it says of a line it cannot read

palette-empty = commande vide
palette-unknown = commande inconnue : { $line }
palette-not-a-ticket-id = pas un id de billet : { $text }
palette-usage = usage : { $usage }
palette-usage-door = usage : :door <id> (l’id d’une édition ou d’un événement)

## `desk sync`, `desk-db check`, `audit settle`: what they say to a person

desk-sync-elsewhere = { $count ->
        [one] 1 admission en attente sur cette machine pour un autre journal ({ $logs }) : une file ou `desk sync` de ce journal l’envoie
       *[other] { $count } admissions en attente sur cette machine pour un autre journal ({ $logs }) : une file ou `desk sync` de ce journal les envoie
    }
desk-sync-log-unknown = inconnu
# `desk-db check`: each line's label (in one column), then what it found.
dbcheck-database = base
dbcheck-round-trip = aller-retour
dbcheck-server = serveur
dbcheck-schema = schéma
dbcheck-privileges = droits
dbcheck-plain = en clair, cette machine
dbcheck-ms = { $ms } ms
dbcheck-standby = PostgreSQL { $version }, un secondaire : lecture seule, une file ne peut rien enregistrer (pointez --desk-db vers le primaire, ou vers les deux : postgres://a,b/db?target_session_attrs=read-write)
dbcheck-primary = PostgreSQL { $version }, primaire
dbcheck-schema-none = aucun : lancez boxoffice desk-db init (en propriétaire de la base)
dbcheck-schema-other = { $found }, ce boxoffice connaît { $knows } : lancez boxoffice desk-db init
dbcheck-privileges-ok = SELECT, INSERT, DELETE sur { $tables }
dbcheck-privileges-missing = manquent : { $missing } (docs/lanes.md donne le GRANT)
# `audit settle`: each write's outcome (how it was learnt stays as the
# audit log keeps it) and the summary.
settle-no-audit-log = pas de journal d’audit sur cette machine (définissez HOME ou XDG_STATE_HOME)
settle-cannot-tell = impossible de dire ce qu’elle a écrit
settle-applied = appliquée
settle-not-applied = non appliquée
settle-refused = refusée
settle-unknown = inconnu
settle-summary = { $applied } appliquées · { $notapplied } non appliquées · { $unknown } encore inconnues
settle-summary-refused = { $summary } · { $refused } refusées (tenues avant)

## `revoke` and `enroll-many` on a terminal: the question before the write
## (answered y or yes, in every language) and the line after it

revoke-ask = Révoquer le billet { $number } ({ $details }){ $status } ?
revoke-ask-status = { " " }— ce billet est { $status }
revoke-not-revoked = billet { $number } non révoqué
revoke-already-unenrolled = le billet { $number } est déjà désinscrit ; rien à révoquer
revoked-ticket-number = billet { $number } révoqué (id { $id }){ $learnt }
revoked-ticket = billet { $id } révoqué{ $learnt }
revoke-many-ask = { $count ->
        [one] Révoquer 1 billet ({ $first }{ $more }) ?
       *[other] Révoquer { $count } billets ({ $first }{ $more }) ?
    }
revoke-many-more = , et { $count } de plus
revoke-nothing-revoked = rien révoqué
enroll-many-ask = { $count ->
        [one] Inscrire 1 personne à l’événement { $event } ({ $type }) ?
       *[other] Inscrire { $count } personnes à l’événement { $event } ({ $type }) ?
    }
enroll-many-nobody = personne d’inscrit
ask-cannot-read = impossible de lire la réponse : { $error }

## config.toml that does not read as TOML (what the parser said stays as it said it), and how api_key_command ended

config-not-toml = { $path } n’est pas du TOML valide : { $error }
config-toml-at = { $place } TOML non valide : { $error }
config-key-command-signal = un signal
config-key-command-exit = code de sortie { $code }
toast-revoke-of = révocation de { $number }
toast-revoke-outcome-unknown = { $what } : résultat inconnu ({ $error }) — pas renvoyée ; x dessus relit le billet
toast-outcome-unknown = { $what } : résultat inconnu
toast-ticket-is = { $number } est { $status }
toast-ticket-status-unknown = { $number } a un statut inconnu
toast-the-ticket-is = le billet est { $status }
toast-the-ticket-status-unknown = le billet a un statut inconnu
toast-enrolled = { $who } inscrit à { $target }
toast-event-ended = { $name } s’est terminé { $when } : plus aucune édition où inscrire
toast-revoke-cancelled = révocation annulée
toast-export-cancelled = export annulé
toast-bulk-revoke-cancelled = révocation groupée annulée
toast-bulk-enroll-cancelled = inscription depuis un fichier annulée
toast-note-not-changed = note inchangée
enroll-outcome-unknown = résultat inconnu ({ $error }) — pas renvoyée ; Entrée relit les billets
word-billing = facturation
word-shipping = livraison
customer-tickets-in-lists = dans les listes chargées (f : chercher dans les événements en cours et à venir)

## Finding a ticket or a customer's tickets in the current and upcoming events

find-finding-events = recherche des événements en cours et à venir
find-events-read = { $done } sur { $total } événements et éditions
find-tickets-read = { $events } · { $count } billets lus
find-unread = { " " }· { $count } illisibles
find-not-found = { $number } introuvable dans les événements en cours et à venir ({ $progress })
find-could-not-read = ; illisible : { $error }
find-stopped = recherche de { $number } arrêtée
find-failed = recherche de { $number } : { $error }
find-title = Recherche de { $number }
find-not-in-lists = absent des listes chargées : lecture des événements en cours et à venir
find-key-stops = arrête la recherche
customer-searching = ⟳ { $progress } · f arrête
customer-search-stopped = recherche arrêtée à { $progress }
customer-searched = cherché : { $progress }
customer-search-first-error = { " " }(première erreur : { $error })
toast-already-unenrolled = { $number } est déjà désinscrit
toast-no-status-tickets = aucun billet au statut { $status } ici
toast-no-such-tickets = aucun billet de ce genre ici
toast-view-saved = enregistré sous { $name } (:filters les liste)
toast-view-not-saved = non enregistré : { $error }
list-from-ago = liste d’il y a { $age }
toast-note-none-written = aucune note écrite
toast-note-unchanged = la note n’a pas changé
toast-note-cleared = effacée : la note sur { $title }
toast-noted = noté : { $title } : { $text }
enroll-first-available = { $title } (première édition disponible)

## `enroll`'s line on stderr (where it landed: the edition as the API names it)

enrolled-customer = client { $customer } inscrit à { $edition } ({ $type }){ $after }{ $learnt }
enrolled-person = { $email } ({ $name }) inscrit à { $edition } ({ $type }){ $after }{ $learnt }
enrolled-event = événement { $id }
enrolled-ticket = { " " }: billet { $number }
enrolled-ticket-unread = ; son billet n’a pas pu être lu pour nommer son édition ({ $why })

## A list's progress while it streams in or is read again

list-progress-loading = ⟳ chargement…
list-progress-pages = ⟳ chargement { $done }/{ $total } pages · { $count }
list-progress-pages-of = ⟳ chargement { $done }/{ $total } pages · { $count } sur { $all }
list-refreshing = ⟳ actualisation{ $pages }
list-refresh-pages = { " " }{ $done }/{ $total } pages
list-unreadable-record = illisible : { $what }
list-reread-failed = la relecture des { $noun } a échoué : { $error } ; la liste affichée est celle d’avant

## The pickers (enroll a customer, enroll in an event)
picker-customer-title = Inscrire un client
picker-event-title = Inscrire à un événement
picker-filter = filtre
picker-enroll = inscrire
picker-in = dans
picker-count = { $shown } sur { $total } { $noun }
picker-key-type = taper
picker-key-filter = filtrer
picker-key-move = bouger
picker-key-pick = choisir
picker-key-cancel = annuler
picker-key-back = retour
picker-failed-refused = ✗ { $error }  (Esc : retour)
picker-failed = ✗ { $error }  (y : réessayer, Esc : retour)
picker-event-ended = cet événement est terminé ({ $dates }) : choisissez-en un à venir
picker-edition-ended = cette édition est terminée ({ $ended }) : choisissez celle d’aujourd’hui ou une plus tard
picker-itself = l’événement lui-même

## A bulk run's item ends and counts, as the staff reads them
bulk-why-already-enrolled = déjà inscrit
bulk-why-already-unenrolled = déjà désinscrit
bulk-why-listed-twice = listé deux fois
bulk-why-not-csv = pas une ligne CSV
bulk-why-needs-names = il faut un prénom et un nom
bulk-why-not-email = { $text } n’est pas une adresse e-mail
bulk-why-line = ligne { $line } : { $why }
bulk-why-not-applied = non appliqué : { $was }relu : { $how }
bulk-why-read = { $what } lu : { $status }
bulk-why-read-ticket = billet { $id } lu : { $status }
bulk-no-people = personne dans { $path } (email,prénom,nom par ligne)
bulk-part-done = { $count } { $verb }
bulk-part-skipped = { $count } ignorés
bulk-part-failed = { $count } en échec
bulk-part-unknown = { $count } résultat inconnu
bulk-part-not-sent = { $count } non envoyés (arrêté)
bulk-part-waiting = { $count } en attente

## The export prompt
export-title = Exporter { $count } { $noun }
export-file = fichier
export-how = CSV (un nom en .json : JSON) ; les lignes telles qu’affichées, dans l’ordre
export-type-name = tapez un nom de fichier
export-exists = { $path } existe : y l’écrase
export-writing = écriture…
export-key-overwrite = écraser
export-key-rename = changer le nom
export-key-write = écrire
export-done = { $count } { $noun } exportés vers { $path }
export-cannot-write = impossible d’écrire { $path } : { $error }

## A screen named by an id until its record is read
crumb-event-id = événement { $id }
toast-internal-error = erreur interne dans une tâche de fond : { $text } (l’application continue)

## The rarer failures of a command
failure-cannot-write-output = impossible d’écrire la sortie : { $error }
failure-desk-log = le journal du contrôle a échoué : { $error }
failure-desk-log-not-kept = non gardé : le journal du contrôle a échoué : { $error }

## `config init` and `config pin`
config-init-writing = Écriture de { $path } (la clé elle-même n'est jamais demandée ni écrite).
config-init-ask-business = Slug de l'entreprise (le SLUG de https://SLUG.hôte-api), ou l'URL de base complète de l'API :
config-init-ask-api-host = Hôte de l'API sous lequel vivent les sous-domaines des entreprises (p. ex. api.example.com) :
config-init-ask-key-command = Commande qui affiche la clé de l'API, p. ex. celle d'un gestionnaire de mots de passe `pass show storefront/shop`
config-init-ask-key-command-empty = (vide : la clé vient de BOXOFFICE_API_KEY) :
config-init-ask-pin = PIN du poste, demandé pour quitter le poste de contrôle, au moins { $min } caractères
config-init-ask-pin-how = ({ $shown } ; seul son hachage est écrit ; vide : aucun) :
config-init-again = { $problem } ; encore :
config-echo-hidden = non affiché à la saisie
config-echo-shown = affiché à la saisie
config-init-no-answer = aucune entreprise donnée : répondez aux questions, ou donnez --business et --api-host (ou --base-url)
config-init-profile-one-line = un nom de profil est une seule ligne de texte
config-init-business-needs-host = --business demande --api-host
config-init-host-needs-business = --api-host demande --business
config-init-key-command-one-line = api_key_command tient sur une seule ligne
config-init-cannot-ask = impossible de demander : { $error }
config-init-already-there = { $path } existe déjà et a été laissé tel quel ; `boxoffice config init --force` le remplace
config-init-wrote = { $path } écrit (profil { $profile }, mode 0600)
config-init-wrote-no-key = la clé : définissez BOXOFFICE_API_KEY, ou ajoutez api_key_command au profil
config-init-wrote-pin = le PIN du poste : son hachage est sous [desk] (le PIN lui-même n'est nulle part)
config-init-next = ensuite : boxoffice doctor
config-pin-too-short = un PIN du poste a au moins { $min } caractères
config-pin-ask = Le PIN du poste ({ $shown } ; seul son hachage est affiché) :
config-pin-cannot-read = impossible de lire le PIN : { $error }

## config.toml’s mistakes, one a line: the [desk] rules, the theme, [keys.*] (names, keys and places as the file writes them)
config-file-line = { $place }: { $what }
config-desk-verdict-seconds = [desk] verdict_seconds = { $value } : indiquez de 1 à 60
config-desk-undo-minutes = [desk] undo_minutes = { $value } : indiquez de 1 à 240
config-desk-pin-hash = [desk] pin_hash : pas un hachage écrit par `boxoffice config pin` (le PIN lui-même n’est jamais écrit ici)
config-theme-unknown = le thème { $name } n’est pas l’un de { $themes }
config-keys-no-screen = [keys.{ $name }] : écran inconnu (écrans : global, { $screens })
config-keys-no-action = { $name } n’est pas une action (actions : { $actions })
key-not-a-key = { $key } n’est pas une touche
key-ctrl-one = { $key } : Ctrl- prend une seule lettre ou un seul signe, comme dans Ctrl-l
key-unknown = { $key } n’est pas une touche (un caractère, ou Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)
rebind-no-key = { $place } { $action } : indiquez au moins une touche
rebind-ctrl-z = { $place } { $action } : Ctrl-z suspend l’application (fg la reprend) et ne peut pas être attribuée
rebind-fixed = { $place } { $action } : ses touches ne peuvent pas être changées (la touche elle-même dit laquelle)
rebind-quit-scope = { $place } quit : quit marche partout, placez-le sous [keys.global]
rebind-quit-key = [keys.global] quit = { $key } : quit doit être une touche Ctrl- ou F, qu’aucun champ de texte ne prend
rebind-desk-printable = [keys.desk] { $action } = { $key } : la saisie du poste prend chaque lettre, chiffre et signe que tape un scanner ; utilisez une touche F, une touche Ctrl- ou Enter/Esc/flèches
rebind-not-global = [keys.global] { $action } : pas une action globale ; placez-la sous l’écran auquel elle appartient (globales : { $actions })
rebind-not-on-screen = { $place } { $action } : pas une action de l’écran { $screen } (ses actions : { $actions })
rebind-clash-default = { $key } sur l’écran { $screen } est attribuée à la fois à { $set } et à { $other } (sa touche par défaut) ; donnez une autre touche à l’une des deux
rebind-clash-line = { $key } sur l’écran { $screen } est attribuée à la fois à { $set } et à { $other } (ligne { $line }) ; donnez une autre touche à l’une des deux
rebind-no-screen = pas d’écran [keys.{ $screen }]

## `export`'s lines on stderr (the file itself is the same in every language)
export-cmd-done = exporté vers { $path } : { $counts }
export-cmd-no-records = aucun enregistrement
export-cmd-count = { $count } { $section ->
    [events] { $count ->
        [one] événement
       *[other] événements
    }
    [editions] { $count ->
        [one] édition
       *[other] éditions
    }
    [tickets] { $count ->
        [one] billet
       *[other] billets
    }
    [orders] { $count ->
        [one] commande
       *[other] commandes
    }
    [order_details] { $count ->
        [one] détail de commande
       *[other] détails de commandes
    }
    [customers] { $count ->
        [one] client
       *[other] clients
    }
    [customer_details] { $count ->
        [one] détail de client
       *[other] détails de clients
    }
    [products] { $count ->
        [one] produit
       *[other] produits
    }
    [product_details] { $count ->
        [one] détail de produit
       *[other] détails de produits
    }
    [courses] { $count ->
        [one] cours
       *[other] cours
    }
    [course_details] { $count ->
        [one] détail de cours
       *[other] détails de cours
    }
    [enrollments] { $count ->
        [one] inscription
       *[other] inscriptions
    }
   *[other] { $noun }
}
export-cmd-progress = export : { $count }
export-cmd-progress-total = export : { $count } ({ $total } enregistrements)
export-cmd-interrupted = interrompu : { $path } non écrit
export-cmd-skipped = avertissement : ignoré : { $what }
export-cmd-left-out = avertissement : { $section } { $id } laissé de côté : { $message }
export-cmd-cannot-write = impossible d’écrire l’export : { $error }
export-cmd-not-a-file-name = { $name } n’est pas un nom de fichier

## Saved filters (`:save`, `:filters`): the picker, and a file that cannot be read or written
views-title = Filtres enregistrés
views-reading = lecture…
views-key-apply = appliquer
views-key-other = toute autre touche
views-key-close = fermer
views-none-yet = aucun filtre enregistré : :save <nom> garde celui affiché
tab-all = tous
tab-unenrolled = désinscrit
views-sort = tri : { $column } { $arrow }
views-unreadable = { $path } est illisible : { $error }
views-cannot-read = impossible de lire { $path } : { $error }
views-cannot-write = impossible d’écrire { $path } : { $error }
views-no-state-dir = pas de répertoire d’état sur cette machine (HOME non défini)

## `config show`: its labels and what they say (names, paths and values as they are); and no place for the file
config-no-place = pas d’emplacement pour config.toml : définissez XDG_CONFIG_HOME ou HOME
show-config-file = fichier de configuration
show-profile = profil
show-base-url = URL de base
show-api-key = clé d’API
show-concurrency = parallélisme
show-timeout = délai
show-bell = sonnerie
show-desk-log = journal du contrôle
show-theme = thème
show-keys = touches
show-file-no-path = aucun (ni XDG_CONFIG_HOME ni HOME)
show-file-missing = { $path } (absent ; `boxoffice config init` en écrit un)
show-file-private = { $path } (privé)
show-file-readable = { $path } (lisible par d’autres : faites chmod 600)
show-file-invalid = { $path } (non valide : { $error })
show-none = aucun
show-no-base-url = <aucune : { $error }>
show-invalid = <non valide : { $error }>
show-from = de { $name }
show-from-profile = du profil { $name }
show-from-default-profile = de default_profile dans le fichier de configuration
show-implicit-profile = le profil nommé default, ou le seul
show-default = par défaut
show-key-env = <définie, de BOXOFFICE_API_KEY>
show-key-command = <définie, de l’api_key_command du profil { $profile }>
show-key-file = <définie, de l’api_key du profil { $profile }>
show-key-file-not-private = <refusée : l’api_key du profil { $profile } est dans un fichier lisible par d’autres>
show-key-not-set = <non définie>
show-seconds = { $seconds } s ({ $source })
show-on = oui
show-off = non
show-theme-flag = { $name } (de --theme)
show-theme-file = { $name } (du fichier de configuration)
show-theme-default = { $name } (par défaut)
show-keys-default = celles par défaut (`?` dans la TUI les liste)
show-keys-rebound = { $count ->
    [one] { $count } action réattribuée dans le fichier de configuration ([keys.*])
   *[other] { $count } actions réattribuées dans le fichier de configuration ([keys.*])
}

## A headless command's rarer lines: no state directory, a bad argument, a file that cannot be read or written, the demo sandbox, `door watch` without a terminal
failure-no-state-dir = pas de répertoire d’état : définissez XDG_STATE_HOME ou HOME
failure-no-state-dir-audit = pas de répertoire d’état (définissez HOME ou XDG_STATE_HOME)
failure-event-needs-id = --event demande l’id ou le hash d’un événement
failure-ticket-id-too-large = { $text } est trop grand pour l’id d’un billet
failure-cannot-read-from = impossible de lire { $what } : { $error }
failure-at-line = ligne { $line } : { $error }
failure-no-people = aucune personne dans { $from }
failure-customer-id = { $text } : un client s’écrit customer:ID, avec son id
failure-cannot-write-file = impossible d’écrire { $path } : { $error }
failure-cannot-write-bare = impossible d’écrire : { $error }
failure-config-read-failed = la lecture de la configuration a échoué : { $error }
failure-demo-sandbox = impossible de démarrer le bac à sable de démonstration : { $error }
failure-door-watch-id = door watch prend l’id de l’édition (ou de l’événement), pas { $given }
failure-door-watch-terminal = door watch demande un terminal ; utilisez door stats

## `doctor`: what each check found (names, addresses, paths and what a server or the system said as they are)
doc-demo-config = non utilisé (--demo : le bac à sable intégré)
doc-demo-profile = non utilisé (--demo)
doc-skip-no-base-url = non vérifié : pas d’URL de base
doc-not-checked = non vérifié
doc-desk-log-ok = { $db } ({ $source }) : schéma { $schema }, les droits d’une file
doc-queued-none = aucune entrée en attente sur cette machine
doc-queued-any = n’importe lequel
doc-queued-for = { $count } pour { $log }
doc-queued = { $count ->
    [one] { $count } entrée en attente
   *[other] { $count } entrées en attente
} sur cette machine pour le journal partagé ({ $logs }) : `boxoffice desk sync` de ce journal les envoie
doc-config-private = { $path }, privé (0600)
doc-config-readable = { $path } est lisible par d’autres ; lancez chmod 600 { $path }
doc-config-invalid-unused = { $error } (non utilisé maintenant, mais toute exécution sans BOXOFFICE_BASE_URL le lit)
doc-config-none-needed = pas de { $path } ; pas nécessaire, l’URL de base et la clé viennent des options ou de l’environnement
doc-config-none = pas de { $path } ; lancez `boxoffice config init`, ou définissez BOXOFFICE_BASE_URL et BOXOFFICE_API_KEY
doc-profile-none = aucun en usage
doc-no-key = pas de clé d’API : définissez BOXOFFICE_API_KEY, ou api_key_command dans le profil (boxoffice config init)
doc-key-readable = { $path } contient api_key et est lisible par d’autres ; lancez chmod 600 { $path }
doc-skip-url-refused = non vérifié : l’URL de base est refusée
doc-url-plain = http simple, permis vers loopback seulement
doc-skip-no-host = non vérifié : l’hôte est introuvable
doc-skip-no-connection = non vérifié : pas de connexion
doc-skip-no-key = non vérifié : pas de clé d’API pour demander
doc-tls-plain = http simple vers loopback
doc-tls-ok = négociation et certificat acceptés
doc-tls-none = pas de réponse HTTPS : { $why } ; vérifiez le nom d’hôte, le certificat ou un proxy
doc-key-ok = acceptée (GET /events?limit=1 a répondu en { $ms } ms)
doc-key-refused = authentification refusée (HTTP { $status }) : la clé d’API n’a pas été acceptée ; vérifiez BOXOFFICE_API_KEY ou l’api_key_command du profil (boxoffice config show)
doc-key-no-answer = non vérifié, pas de réponse : { $error }
doc-key-failed = GET /events?limit=1 a échoué : { $error }
doc-dns-no-address = { $host } n’a pas d’adresse
doc-dns-literal = pas nécessaire : { $host } est une adresse
doc-dns-ok = { $host } → { $first } ({ $count ->
    [one] { $count } adresse
   *[other] { $count } adresses
})
doc-dns-failed = { $host } introuvable ({ $error }) ; vérifiez le slug de l’entreprise et l’hôte de l’API, ou le réseau
doc-dns-timeout = pas de réponse pour { $host } en { $secs } s ; vérifiez le réseau
doc-tcp-ok = connecté à { $addr }
doc-tcp-timeout = { $addr } : pas de réponse en { $secs } s
doc-tcp-failed = connexion impossible ({ $last }) ; vérifiez le réseau, un pare-feu ou un proxy
doc-clock-no-date = le serveur n’a pas envoyé d’en-tête Date
doc-clock-ok = à moins de { $off } s de l’horloge du serveur
doc-clock-ahead = { $off } s d’avance sur l’horloge du serveur ; réglez l’heure de cette machine (NTP) : aujourd’hui, passé et à venir au poste en dépendent
doc-clock-behind = { $off } s de retard sur l’horloge du serveur ; réglez l’heure de cette machine (NTP) : aujourd’hui, passé et à venir au poste en dépendent
doc-term-not = pas un terminal (stdout est redirigée) ; lancez doctor dans le terminal qu’utilisera la TUI
doc-term-small = plus petit que { $size } : agrandissez la fenêtre
doc-term-size-hint = { $size } (80×24 ou plus montre chaque colonne)
doc-term-no-size = sa taille est illisible
doc-term-no-colour = pas de couleurs (NO_COLOR)
doc-term-24bit = couleur 24 bits
doc-term-256 = 256 couleurs
doc-term-basic = couleurs de base
doc-term-dumb = TERM=dumb ne peut pas dessiner la TUI : définissez TERM (p. ex. xterm-256color)
doc-term-not-utf8 = la locale ({ $locale }) n’est pas UTF-8 : les noms dans d’autres écritures ne s’afficheront pas ; définissez LANG=C.UTF-8
doc-term-locale-unset = non définie

## `note` (a door's notes) and `tickets --status`; a ticket being revoked in the tickets list
cmd-note-nothing-to-clear = rien à effacer : pas de note sur { $who }
cmd-note-cleared = effacée : la note sur { $who }
cmd-note-noted = noté : { $who } : { $text }
cmd-note-empty = une note vide : donnez son texte, ou --clear pour en retirer une
cmd-note-too-long = une note est une ligne à côté d’un verdict : au plus { $max } caractères
cmd-tickets-bad-status = --status : { $status } n’est pas un statut
tickets-revoking = révocation…

## A list's or a search's records that could not be read (what was wrong as the reading said it); more refusals of a list of tickets and of a note
warn-skipped = avertissement : ignoré : { $what }
warn-flawed = avertissement : { $what } (conservé ; le champ est imprimé tel qu’il est arrivé)
failure-not-a-ticket-number = { $number } n’est pas un numéro de billet
failure-no-tickets-in = aucun id ni numéro de billet dans { $from }
cmd-note-on = { $text } : une note porte sur un billet (son id ou son numéro) ou sur customer:ID

## `tickets --admitted` without a desk log on this machine
warn-no-desk-log = avertissement : pas de journal du contrôle sur cette machine pour { $business } ; la colonne des entrées reste vide

## A write the desk log refused (what the store said, in the language)
failure-not-kept = non gardé : { $error }

## A file of this machine that cannot be read (`:enroll-from`)
file-cannot-read = impossible de lire { $path } : { $error }
