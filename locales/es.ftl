# Las palabras de boxoffice en español (la fuente es en.ftl).

## Números y fechas

number-group = .
date = { $weekday ->
        [0] lun
        [1] mar
        [2] mié
        [3] jue
        [4] vie
        [5] sáb
       *[6] dom
    } { $day } { $month ->
        [1] ene
        [2] feb
        [3] mar
        [4] abr
        [5] may
        [6] jun
        [7] jul
        [8] ago
        [9] sept
        [10] oct
        [11] nov
       *[12] dic
    }
date-time = { $weekday ->
        [0] lun
        [1] mar
        [2] mié
        [3] jue
        [4] vie
        [5] sáb
       *[6] dom
    } { $day } { $month ->
        [1] ene
        [2] feb
        [3] mar
        [4] abr
        [5] may
        [6] jun
        [7] jul
        [8] ago
        [9] sept
        [10] oct
        [11] nov
       *[12] dic
    }, { $time }
day-today = hoy
day-tomorrow = mañana
day-yesterday = ayer
day-in = { $count ->
        [one] en { $count } día
       *[other] en { $count } días
    }
day-ago = { $count ->
        [one] hace { $count } día
       *[other] hace { $count } días
    }
age-days = { $count ->
        [one] { $count } día
       *[other] { $count } días
    }

## Los veredictos

verdict-valid = VÁLIDO
verdict-already-admitted = YA ADMITIDO
verdict-not-valid = NO VÁLIDO
verdict-other-edition = OTRA EDICIÓN
verdict-other-event = OTRO EVENTO
verdict-unknown = DESCONOCIDO
verdict-exit = SALIDA
verdict-welcome-back = DE VUELTA
verdict-not-open-yet = AÚN NO ABIERTO
verdict-closed = CERRADO
verdict-not-inside = NO ESTÁ DENTRO
verdict-full = COMPLETO
verdict-valid-short = VÁLIDO
verdict-already-admitted-short = ADMITIDO
verdict-not-valid-short = NO VÁLIDO
verdict-other-edition-short = EDICIÓN
verdict-other-event-short = EVENTO
verdict-unknown-short = NO EXISTE
verdict-exit-short = SALIDA
verdict-welcome-back-short = VUELTA
verdict-not-open-yet-short = NO ABIERTO
verdict-closed-short = CERRADO
verdict-not-inside-short = FUERA
verdict-full-short = LLENO
verdict-held = RETENIDO
face-checking = COMPROBANDO
face-not-recorded = NO REGISTRADO
face-undone = DESHECHO
face-other-lane = OTRA FILA

## Qué significa un veredicto

meaning-valid = admitido: que pase
meaning-admitted-just-now = admitido hace un momento en { $lane }
meaning-admitted-at = admitido a las { $time } UTC en { $lane }
meaning-back-just-now = volvió a entrar hace un momento por { $lane }
meaning-back-at = volvió a entrar a las { $time } UTC por { $lane } (reingreso)
meaning-ticket-for = entrada para { $name }{ $when }
meaning-unknown = ninguna entrada coincide
meaning-exit = sale: registrado (uno menos dentro)
meaning-welcome-back = vuelve a entrar: salió a las { $time } UTC por { $lane }
meaning-left = salió a las { $time } UTC por { $lane } — esta puerta no admite reingreso
meaning-not-open-yet = abre a las { $opens }: no se registra nada
meaning-closed = cerró a las { $closed }: no se registra nada
meaning-not-inside = no se admitió en esta puerta: no se registra nada
meaning-left-already = ya salió a las { $time } UTC por { $lane }: no se registra nada
meaning-full = { $inside } dentro de { $capacity } — el siguiente cuando salga alguien
meaning-held = una nota detiene la puerta: escanéela sola
meaning-forced-capacity = admitido por encima del aforo: forzado por { $lane }
meaning-forced-hours = admitido fuera del horario: forzado por { $lane }
meaning-from-list = { $meaning } (de la lista: la API no respondió)
meaning-no-match = ninguna entrada coincide con “{ $scanned }”
meaning-why = { $why }: “{ $scanned }”
meaning-checking = comprobando la entrada { $scanned }…
meaning-undone = deshecho: no admitido
meaning-elsewhere = admitido en { $lane }
status-unenrolled = revocada (dada de baja)
status-unknown = estado desconocido
status-cancelled = cancelada
status-pending = pendiente
why-not-a-code = no es un código de entrada
why-foreign = un enlace a otro sitio ({ $host })
why-no-such-number = ninguna entrada de aquí tiene ese número
why-no-such-id = ninguna entrada tiene ese id
why-could-not-read = no se pudo leer la entrada ({ $why })
why-names-no-event = la entrada no indica ningún evento
admit-order-line = (pedido { $order })

## El puesto de control

note-scans-beside = los últimos escaneos están a la derecha
note-wrong-pin = PIN incorrecto: el puesto sigue abierto
note-nothing-to-close = nada que cerrar: { $key } sale del puesto
note-read-only = modo de solo lectura: inscribir y revocar están desactivados
note-walk-in-offline = sin conexión: una venta en taquilla necesita la red (no se pone en cola); el puesto vuelve a leer la lista solo
note-order-none = pedido { $order }: nadie elegido, nadie admitido
note-order-admitted = { $count ->
        [one] pedido { $order }: { $count } más admitido
       *[other] pedido { $order }: { $count } más admitidos
    }
note-nothing-to-undo = nada que deshacer: este puesto no ha admitido a nadie aquí
note-undo-too-old = nada que deshacer: la última admisión de este puesto ({ $number } a las { $time }) tiene más de { $minutes } min

banner-sending = { $count } en cola · enviando al registro compartido
banner-sending-short = { $count } en cola · enviando
banner-unreachable = REGISTRO COMPARTIDO INACCESIBLE desde las { $since } — veredictos solo de esta fila
banner-unreachable-queued = { $count ->
        [one] REGISTRO COMPARTIDO INACCESIBLE desde las { $since } — veredictos solo de esta fila · 1 admisión en cola
       *[other] REGISTRO COMPARTIDO INACCESIBLE desde las { $since } — veredictos solo de esta fila · { $count } admisiones en cola
    }
banner-unreachable-short = REGISTRO COMPARTIDO INACCESIBLE desde las { $since }
banner-unreachable-short-queued = REGISTRO COMPARTIDO INACCESIBLE desde las { $since } · { $count } en cola

held-of = comprobando… { $read } de { $of } leídas
held-read = comprobando… { $read } leídas
held-others = { $count ->
        [one] comprobando… las listas de las otras ediciones ({ $count } aún se lee)
       *[other] comprobando… las listas de las otras ediciones ({ $count } aún se leen)
    }

policy-edition = edición { $id }
policy-this-edition = esta edición
policy-every-edition = todas las ediciones
policy-from = desde las { $time }
policy-until = hasta las { $time }
policy-reentry = reingreso
policy-max = aforo { $capacity }

desk-finding = buscando la edición de hoy de { $title }…
desk-choosing = Hoy hay varias ediciones de { $title }: ¿cuál?
desk-choosing-keys = ↑/↓ elegir · Enter controlar · { $leave } salir
desk-prompt-scan = escanear
desk-prompt-name = nombre
desk-prompt-pin = PIN
desk-ready = listo: escanee una entrada
desk-ready-exit = FILA DE SALIDA — listo: escanee una entrada para dejar salir
desk-exit-lane-tag = ↤ FILA DE SALIDA
desk-lane = fila { $lane }
desk-online = ● en línea · { $n } entradas
desk-loading = cargando entradas… { $n } leídas
desk-refreshing = { $n } entradas · actualizando… ({ $read } leídas)
desk-refreshing-from = lista de las { $time } UTC, actualizando… ({ $read } leídas)
desk-offline = ✖ SIN CONEXIÓN — { $from } · { $error } · F5 reintenta
desk-list-read-at = lista leída a las { $time } UTC{ $age }
desk-list-from = lista de las { $time } UTC{ $age }
desk-list-age = hace { $age }
desk-no-offline-list = sin lista sin conexión
desk-read-before-failed = { $n } entradas leídas antes del fallo
desk-api-down = ✖ API inaccesible desde las { $time } UTC{ $list }
desk-list-of = lista de las { $time } UTC
counter-adm = adm
counter-inside = dentro
counter-valid = válidas
counter-total = total
counter-admitted = admitidas
counter-inside-now = dentro ahora
counter-last-5-min = últimos 5 min
desk-note-done = (Enter: hecho)
desk-force-hint = { $key }: admitir igualmente (pregunta)
desk-order = pedido { $order }: { $count } más — { $names } · { $enter } · Espacio elige
desk-order-enter = Enter admite a todos
desk-order-enter-but = Enter admite a todos salvo ⚑
desk-order-in-already = ya dentro: { $names }

## Las preguntas del puesto

ask-undo-just-now = ¿Deshacer la admisión de { $who }, de hace un momento?
ask-undo-at = ¿Deshacer la admisión de { $who }, a las { $time } UTC?
ask-undo-how = Enter: deshacer · Esc: mantenerla (un escaneo también la mantiene)
ask-undo-exit = ¿Deshacer la salida de { $who }, a las { $time } UTC?
ask-undo-exit-how = Enter: vuelve dentro · Esc: mantenerla (un escaneo también la mantiene)
ask-leave = ¿Salir del puesto de control?
ask-leave-how = Enter o { $key } otra vez: salir · Esc: quedarse
ask-leave-pin-how = escriba el PIN y luego Enter · Esc: quedarse
ask-leave-line = ¿Salir del puesto de control? Enter o { $key } otra vez: salir · Esc: quedarse
ask-leave-line-pin = ¿Salir del puesto de control? PIN › { $dots }▏ (Enter · Esc: quedarse)
ask-leave-help = { $leave } salir · { $help } ayuda
ask-exit-lane = ¿Hacer de esta fila una fila de salida? Un escaneo deja salir (SALIDA).
ask-entry-lane = ¿Volver a hacer de esta fila una fila de entrada?
ask-yes-no = Enter: sí · Esc: no (un escaneo también dice no)
ask-force-capacity = ¿Admitir a { $who } igualmente, por encima del aforo?
ask-force-hours = ¿Admitir a { $who } igualmente, fuera del horario?
ask-force-this-ticket = esta entrada
ask-force-how = Enter: admitir, registrado como forzado por la fila { $lane } · Esc: no
ask-search = Buscar a un asistente por nombre
ask-search-how = escriba un nombre y luego Enter · Esc: volver a escanear (un escaneo se juzga)
ask-order = ¿Admitir { $count } más del pedido { $order }?
ask-order-how = Enter: admitirlos · Espacio: elegir · ↑/↓ · Esc: no (un escaneo también dice no)

## Los paneles del puesto

panel-help = Teclas · el puesto (F1 o Esc cierra; un escaneo se juzga)
panel-named = { $count ->
        [one] { $count } asistente coincide con “{ $typed }” — ↑/↓ elegir, Enter comprobar, Esc cerrar
       *[other] { $count } asistentes coinciden con “{ $typed }” — ↑/↓ elegir, Enter comprobar, Esc cerrar
    }
panel-named-admitted = admitido a las { $time } en { $lane }
panel-last-scans = Últimos escaneos
panel-none-yet = ninguno aún
panel-twice = Admitidas dos veces
panel-reading = leyendo…
panel-cannot-read = no se pueden leer: { $error }
panel-none = ninguna
panel-twice-close = F6 o Esc: cerrar

## Las teclas del puesto

hint-scan = escanear
hint-help = ayuda
hint-walk-in = en taquilla
hint-name = nombre
hint-last-scans = últimos
hint-refresh = actualizar
hint-door = puerta
hint-undo = deshacer
hint-exit-lane = fila de salida
hint-twice = dos veces
hint-leave = salir
help-quit = salir del puesto, como la tecla de salir (pregunta)

## Preguntas antes de escribir (revocar, inscribir)

revoke-title = ¿Revocar la entrada?
revoke-ticket = entrada
revoke-attendee = asistente
revoke-email = correo
revoke-edition = edición
revoke-not-confirmed = Esta entrada está { $status }, no confirmada.
revoke-cannot-undo = La entrada se dará de baja; no se puede deshacer.
revoke-key-yes = revocar
revoke-key-other = cualquier otra tecla
revoke-key-cancel = cancelar
enroll-title = Inscribir por correo
enroll-into = en
enroll-email = Correo
enroll-name = Nombre
enroll-last-name = Apellidos
enroll-type = Tipo
enroll-rereading = ⟳ leyendo las entradas de nuevo…
enroll-sending = ⟳ enviando…
enroll-send = enviar
enroll-next = campo siguiente
enroll-cancel = cancelar
