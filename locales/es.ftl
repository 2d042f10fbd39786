# Las palabras de boxoffice en español (la fuente es en.ftl).

## Números y fechas

number-group = .
number-decimal = ,
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
date-long = { $day } { $month ->
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
    } { $year }
date-long-time = { $day } { $month ->
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
    } { $year }, { $time }
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

door-none-today = { $title }: ninguna edición hoy ni más adelante
door-next-edition = ninguna edición hoy: se registra la siguiente, { $name } ({ $when })
policy-edition = edición { $id }
policy-this-edition = esta edición
policy-every-edition = todas las ediciones
policy-from = desde las { $time }
policy-until = hasta las { $time }
policy-reentry = reingreso
policy-max = aforo { $capacity }

desk-finding = buscando la edición de hoy de { $title }…
desk-choosing = Hoy hay varias ediciones de { $title }: ¿cuál?
desk-choosing-keys = ↑/↓ elegir · Enter abrir · { $leave } salir
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
desk-no-offline-list = sin lista local
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

## Las notas y líneas del puesto

desk-event = evento { $id }
desk-crumb = Control de acceso · { $title }
desk-event-failed = evento { $id }: { $error }
desk-editions-failed = ediciones: { $error }
note-walk-in-closed = un escaneo cerró el formulario de taquilla: { $key } lo abre de nuevo tal como estaba
note-held = { $what }, retenido mientras se leía la lista: { $word }
note-enrolled-not-listed = { $email } ya está inscrito aquí, pero su entrada aún no está en la lista: F5 la vuelve a leer
note-ticket = entrada { $id }: { $text }
note-lost = { $number }: NO admitido aquí — { $verdict }, { $why }
note-dropped = descartado “{ $typed }”, tecleado a mano antes del escaneo
note-no-attendee = ningún asistente coincide con “{ $typed }”
note-new-ticket = entrada nueva { $number } para { $name }: escanéela o tecléela
note-new-ticket-failed = leyendo la entrada nueva: { $error }
note-offline-edition = sin conexión: se controla { $edition }, la última edición controlada en este puesto para el evento { $event }
note-offline-today = { $why }: se controla { $id } con la lista local
note-no-offline-list = sin lista local: { $error }
note-exit-lane = ahora es una fila de salida: un escaneo deja salir (SALIDA)
note-entry-lane = una fila de entrada: un escaneo deja entrar
note-nothing-to-force = nada que admitir igualmente: solo con AÚN NO ABIERTO, CERRADO o COMPLETO
note-nothing-undone = nada deshecho: esa admisión no estaba en el registro del puesto
note-undo-failed = deshacer: { $error }
offline-no-event = no se pudo leer el evento
warning-no-desk-log = registro del puesto no disponible ({ $error }): las admisiones solo se guardan en memoria
checking-api = comprobando con la API…
checking-id = comprobando la entrada { $id }…
checking-elsewhere = no está en las listas de esta puerta: buscando en otros eventos…
valid-from-list = según la lista
valid-from-list-of = según la lista de las { $time }
walk-in-admitted = inscrito en taquilla y admitido · Esc: no admitir
walk-in-enrolled-already = ya inscrito, su entrada: { $meaning }
not-recorded = no registrado: { $error }
not-recorded-no-admission = no registrado: el registro no tiene ninguna admisión a la que volver
lost-ago = hace { $seconds } s
lost-why = { $lane } a las { $time }{ $ago }
why-order = pedido { $order }
undone-exit = salida de { $number } a las { $time } deshecha: vuelve a estar dentro
undone-here = admisión de { $number } a las { $time } deshecha aquí — sigue admitida en { $lane } ({ $lane-time })
undone-admission = admisión de { $number } a las { $time } deshecha: no admitido
alert-admitted-twice = { $count ->
        [one] una entrada se admitió en dos filas (lo halló una reposición): F6 la muestra
       *[other] { $count } entradas se admitieron en dos filas (lo hallaron las reposiciones): F6 las muestra
    }
conflict-line = { $number }  admitida dos veces: { $first } { $first-time }, { $second } { $second-time }

## La barra de estado en el puesto

status-keys = { $help } ayuda · { $leave } salir
status-api-down = ✖ API inaccesible desde las { $time }
status-list-age = lista de hace { $age }
status-no-list = sin lista
status-list-unknown-age = lista de antigüedad desconocida
status-offline = ✖ sin conexión · { $age }

## Qué hace cada tecla del puesto (su ayuda)

help-scan = comprobar lo tecleado; responder sí a una pregunta
help-pick = elegir entre los asistentes que lista una búsqueda por nombre
help-back = cerrar lo abierto, borrar la entrada y luego el veredicto (nunca sale)
help-help = ayuda
help-walk-in = taquilla: inscribir por correo en esta edición y admitir
help-name = buscar a un asistente por nombre
help-last-scans = los últimos escaneos
help-twice = las entradas admitidas dos veces (varias filas)
help-refresh = volver a leer las entradas
help-door = la puerta de un vistazo: cada fila, llegadas, dentro (Esc vuelve)
help-exit-lane = fila de salida sí o no (pregunta): allí un escaneo deja salir
help-undo = deshacer la última admisión de este puesto (pregunta)
help-force = admitir igualmente fuera del horario (pregunta; se registra como forzado)
help-clear = borrar el veredicto
help-leave = salir del puesto (pregunta; el PIN si hay uno)

## Un error de la API, como lo lee una persona

api-network = error de red: { $detail }
api-timed-out = sin respuesta a tiempo: { $detail }
api-auth = autenticación rechazada (HTTP { $status }){ $detail }
api-status = el servidor respondió HTTP { $status }{ $detail }
api-not-applied = no aplicado: { $why }
unsettled-lost = su respuesta se perdió
unsettled-lost-error = su respuesta se perdió ({ $error })
unsettled-not-sent-again = no se envía de nuevo: la misma escritura n.º { $seq } del { $at }
unsettled-earlier-unknown = no se envía de nuevo: la misma escritura n.º { $seq } del { $at } tiene un resultado desconocido ({ $why })
unsettled-unlearnt = { $lost }; { $why }
unlearnt-unreadable = no se puede leer: { $error }
unlearnt-within = no se supo en { $secs } s: { $error }
unlearnt-once-more = no se supo al leerlo una vez más: { $error }
unlearnt-no-answer = ninguna respuesta legible

## Preguntas antes de escribir en muchas (revocar en bloque, inscribir desde un archivo)

status-open = abierta
status-not-confirmed = no confirmada
status-confirmed = confirmada
bulk-revoke-title = { $count ->
        [one] ¿Revocar { $count } entrada marcada?
       *[other] ¿Revocar { $count } entradas marcadas?
    }
bulk-revoking = Revocando { $seen } de { $total }
bulk-revoke-done = Revocación en bloque: hecho
bulk-skip-unenrolled = ya dada de baja: se omite
bulk-more = … y { $count } más
bulk-status-count = { $count } { $status }
bulk-not-confirmed = Sin confirmar: { $list }.
bulk-revoke-cannot-undo = Cada una se dará de baja, de una en una; no se puede deshacer.
bulk-now = ahora
bulk-stopped-revoke = detenido: no se envía nada más; la que está en curso termina
bulk-stopped = detenido: no se envía nada más
bulk-left-marked = { $count ->
        [one] queda { $count } marcada
       *[other] quedan { $count } marcadas
    }
bulk-key-revoke = revocar { $count }
bulk-key-enroll = inscribir { $count }
bulk-key-stop = parar tras la que está en curso
bulk-key-retry = reintentar las que quedan
bulk-key-any = cualquier tecla
bulk-key-close = cerrar
bulk-enroll-title = Inscribir desde { $path }
bulk-enrolling = Inscribiendo { $seen } de { $total }
bulk-enroll-done = Inscribir desde archivo: hecho
bulk-enroll-counts = { $new } nuevas · { $skip } ya inscritas · { $bad } líneas no válidas
bulk-enroll-new = nueva
enroll-in-ask = ¿Inscribir a { $who } en { $into } (de pago)?
enroll-in-edition = edición { $detail }
enroll-in-sending = ⟳ enviando… inscribiendo a { $who } en { $into }
enroll-in-waiting = esperando la respuesta de la API
enroll-customer-ask = ¿Inscribir a { $who } <{ $email }> (de pago)?
enroll-customer-sending = ⟳ enviando… inscribiendo a { $who }
ask-key-yes = sí
ask-key-retry = reintentar
ask-key-back = volver
note-title = Nota sobre { $on }
note-reading = leyendo la nota guardada…
note-label = nota
note-how = se muestra en la puerta junto al veredicto; vacía, se borra
note-ask-clear = ¿Borrar la nota sobre { $on }?
note-keeping = guardando…
note-key-clear = borrarla
note-key-keep = guardar
enroll-required = obligatorio
enroll-not-an-email = no es una dirección de correo (nombre@ejemplo.com)
enroll-required-type = obligatorio (p. ej. paid)

## La puerta de un vistazo (F7 en el puesto)

door-inside = dentro
door-admitted = admitidas
door-to-come = por llegar
door-of-valid = { $admitted } de { $valid }{ $percent }
door-moves = salidas { $exits } · conflictos { $conflicts } · forzadas { $forced }
door-as-last-read = { $error } (según la última lectura)
door-busiest = hora punta
door-arrived = { $count } llegadas
door-now = ahora
door-arrivals = llegadas cada { $minutes } min (UTC, desde las { $from })
door-col-lane = fila
door-col-admitted = admit.
door-col-last-scan = último
door-col-state = estado
door-lane-scanning = escaneando
door-lane-idle = inactiva
door-lane-offline = sin conexión

## A store's failure, as a person reads it (a path, a URL and what SQLite,
## PostgreSQL or the system said stay as they are)

store-part-local-store = almacén local
store-part-desk-log = registro del puesto
store-part-memory-log = registro del puesto en memoria
store-part-shared-log = registro compartido
store-part-offline-list = lista local
store-part-audit-log = registro de auditoría
store-part-desk-database = base de datos del puesto
store-part-tls = TLS de la base de datos del puesto
store-part-file = archivo
store-unreachable = el registro compartido no responde
store-unreachable-undo = el registro compartido no responde: solo se pueden deshacer las admisiones hechas desde entonces
store-unreachable-rules = el registro compartido no responde: las salidas, las admisiones forzadas, la política de la puerta y las notas lo necesitan
store-no-answer = el registro compartido no respondió en { $ms } ms
store-failed-earlier = { $part }: falló antes
store-absent = no hay { $part } en esta máquina
store-crashed = el almacén local falló: { $detail }
store-at = { $at }: { $detail }
store-no-host = base de datos del puesto { $place }: sin host
store-cleartext = base de datos del puesto { $place }: sslmode=disable hacia un host que no es esta máquina enviaría la contraseña en claro; use sslmode=require
store-db-no-answer = base de datos del puesto { $place }: sin respuesta en { $ms } ms
store-schema-newer = base de datos del puesto { $place }: el esquema { $found } es de un boxoffice más nuevo (este conoce el { $knows })
store-schema-older = base de datos del puesto { $place }: esquema { $found }, este boxoffice necesita el { $needs } (ejecute `boxoffice desk-db init`)
store-keeps-no-forced = este registro del puesto no guarda admisiones forzadas
store-keeps-no-exits = este registro del puesto no guarda salidas
store-keeps-no-policy = este registro del puesto no guarda la política de la puerta
store-keeps-no-notes = este registro del puesto no guarda notas
store-too-large = el id { $id } es demasiado grande para guardarlo
store-not-a-move = { $word } no es un movimiento
store-unknown-move = un movimiento { $word }
store-scan-id = id de escaneo { $text }: { $detail }
store-answered = el registro del puesto respondió { $said }
store-already-admitted = ya admitido: { $desk } a las { $time }

## A headless command's failure, as a person reads it on stderr

failure-unknown = resultado desconocido ({ $error }); { $hint }
failure-readonly = --readonly: enroll y revoke no se permiten en modo puesto
failure-event = el evento { $id }
failure-event-named = el evento { $named } (id { $id })
failure-ticket = la entrada { $id }
failure-ticket-numbered = la entrada { $id } ({ $number })
failure-not-in = { $ticket } no está en { $event }
failure-not-in-but = { $not-in }; es una entrada del evento { $event }
failure-give-ticket = indique un id o un número de entrada
failure-end-of-many = { $number } es el final de { $count } números en { $event } ({ $some }); indique el número completo
failure-no-ticket = no hay ninguna entrada { $number } en { $event }
failure-no-ticket-read = no hay ninguna entrada { $number } en { $event } ({ $read })
failure-read = leídas { $tickets } entradas
failure-read-editions = leídas { $tickets } entradas de { $editions } ediciones
failure-unreadable = { $read }; { $count } no se pudieron leer
admit-alone = el registro compartido del puesto no responde ({ $why }): juzgado sin conexión { $from }
admit-alone-kept = el registro compartido del puesto no responde ({ $why }): { $number } queda admitido solo en esta fila ({ $lane }) y se envía cuando el registro vuelva a responder; juzgado sin conexión { $from }
admit-from-own = solo con las admisiones de esta fila (nunca ha leído el registro compartido en este evento)
admit-from-copy = con la copia del registro compartido de esta fila, leída a las { $time } UTC{ $ago }, y sus propias admisiones
admit-ago = { " " }(hace { $seconds } s)

## The door's figures (`door watch`, `door stats`)

door-col-rate = /min
age-seconds = { $n } s
age-minutes = { $n } min
age-hours = { $h } h { $min } min
stats-title = La puerta de { $title } (evento { $id }) a las { $time } UTC
stats-inside-now = dentro ahora
stats-of-capacity = { $inside } de { $capacity } (aforo)
stats-of-valid = { $admitted } de { $valid } válidas
stats-of-valid-percent = { $admitted } de { $valid } válidas ({ $percent } %)
stats-still-to-come = por llegar
stats-col-from = desde
stats-col-arrivals = llegadas
stats-per = (cada { $minutes } min, UTC)

## A list's column titles (the TUI's tables; CSV and JSON keep English field names)

col-access = acceso
col-at-utc = hora (UTC)
col-attendee = asistente
col-completed = completado
col-created = creada
col-customer = cliente
col-date = fecha
col-dates = fechas
col-desk = puesto
col-email = correo
col-edition = edición
col-enrolled = inscrito
col-event = evento
col-id = id
col-items = artículos
col-location = lugar
col-ms = ms
col-name = nombre
col-number = número
col-open-pend-canc = abie/pend/canc
col-operation = operación
col-order = pedido
col-outcome = resultado
col-phone = teléfono
col-price = precio
col-progress = progreso
col-rating = valoración
col-sold = vendidas
col-sold-stock = vendidas/stock
col-state = estado
col-status = estado
col-stock = stock
col-target = objetivo
col-time = hora
col-time-zone = zona horaria
col-total = total
col-type = tipo
col-when = cuándo

## The help panel (?): what each key does, its title, the moving keys

key-quit = salir (Ctrl-z suspende, fg reanuda)
key-back-root = atrás (sale en la raíz)
key-back-filter = atrás (antes borra un filtro)
key-palette = paleta de órdenes
key-refresh = actualizar esta pantalla
key-down = abajo
key-up = arriba
key-first-row = primera fila
key-last-row = última fila
key-page-down = página abajo
key-page-up = página arriba
key-root-tab = eventos · clientes · pedidos · productos · cursos
key-open-event = abrir el evento
key-filter-name = filtrar por nombre
key-sort-next = ordenar por la columna siguiente
key-sort-reverse = invertir el orden
key-enroll-email-first = inscribir por correo (primera edición disponible)
key-enroll-customer-first = inscribir a un cliente (primera edición disponible)
key-copy-event-name = copiar el nombre del evento
key-desk-today = puesto de control (edición de hoy)
key-tickets-edition = entradas de la edición
key-tickets-main = entradas del evento principal
key-enroll-email-selected = inscribir por correo en la edición elegida
key-enroll-customer-selected = inscribir a un cliente en la edición elegida
key-desk-selected = puesto de control de la edición elegida
key-ticket-detail = detalle de la entrada
key-filter-name-email-number = filtrar por nombre, correo, número
key-next-tab = siguiente pestaña de estado
key-prev-tab = pestaña de estado anterior
key-status-tab = estado: 1 todas 2 conf 3 baja 4 abie 5 pend 6 canc
key-enroll-email = inscribir por correo
key-enroll-customer = inscribir a un cliente
key-sort-tickets = ordenar: Número Asistente Mail esTado Creada Precio pedidO
key-mark = marcar/desmarcar y bajar
key-mark-all = marcar todas las mostradas
key-unmark-all = desmarcar todas
key-revoke-marked = revocar la entrada (o todas las marcadas)
key-export-tickets = exportar las entradas mostradas (:export)
key-copy-ticket-number = copiar el número de la entrada
key-door-note = la nota de la puerta (⚑)
key-revoke = revocar la entrada
key-open-line = abrir lo que nombra la línea (marcada ›)
key-next-line = línea siguiente
key-prev-line = línea anterior
key-top = inicio
key-bottom = final
key-fields-raw = campos / JSON en bruto
key-open-customer = abrir el cliente
key-search-customers = buscar nombre, correo, teléfono (mejores primero)
key-copy-email = copiar el correo
key-find-tickets = sus entradas en eventos en curso y próximos (otra vez: parar)
key-revoke-line = revocar la entrada de la línea
key-tickets-of-event = entradas del evento o edición de esa entrada
key-enroll-in-event = inscribirle en un evento (evento, luego edición)
key-copy-line = copiar el número de entrada de la línea, si no el correo
key-their-note = su nota de la puerta (⚑)
key-open-order = abrir el pedido
key-filter-orders = filtrar por número, cliente, correo
key-copy-order = copiar el número del pedido
key-open-product = abrir el producto
key-open-course = abrir el curso
key-course-enrollments = las inscripciones del curso
key-filter-name-email = filtrar por nombre, correo
key-move = moverse (también { $keys })
key-everywhere = en todas partes
key-title = Teclas · { $screen }
key-scroll = { $arrows } más · { $keys } desplaza · otra tecla cierra
key-any-closes = cualquier tecla cierra
note-too-long = una nota es una línea junto al veredicto: como mucho { $max } caracteres
note-read-failed = no se pudo leer la nota guardada: { $error }
note-not-kept = no guardada: { $error }
failure-hint-safe = se puede enviar de nuevo sin riesgo
failure-hint-unsettled-revocation = puede que la revocación se haya aplicado o no: no la envíe de nuevo sin comprobarlo con `{ $check }`; `boxoffice audit settle` la vuelve a leer
failure-hint-unsettled-enrollment = puede que la inscripción se haya aplicado o no: no la envíe de nuevo sin comprobarlo con `{ $check }`; `boxoffice audit settle` la vuelve a leer
failure-revoke-needs-yes = no se revoca sin --yes cuando la entrada estándar no es un terminal
failure-revoke-many-needs-yes = no se revoca sin --yes cuando no se puede preguntar (la entrada estándar no es un terminal, o es la lista)
failure-enroll-many-needs-yes = no se inscribe sin --yes cuando no se puede preguntar (la entrada estándar no es un terminal, o es la lista)

## A list's count, filter and placeholder (the TUI's lists)

noun-tickets = entradas
noun-events = eventos
noun-editions = ediciones
noun-customers = clientes
noun-orders = pedidos
noun-products = productos
noun-courses = cursos
noun-enrollments = inscripciones
noun-writes = escrituras
noun-order-details = detalles de pedidos
noun-customer-details = detalles de clientes
noun-product-details = detalles de productos
noun-course-details = detalles de cursos
list-matches = { $count ->
        [one] { $shown } coincidencia
       *[other] { $shown } coincidencias
    }
list-enter-tab = Enter abre · Tab conserva
list-esc-clears = Esc borra
list-marked = { $count } marcadas
list-sort = orden:
list-unreadable = { $count } ilegibles
list-loading = cargando { $noun }…
list-load-failed = no se pudieron cargar { $noun }{ $hint }: { $error }
list-no-match-yet = aún sin coincidencias · { $progress }
list-no-match = ninguna coincidencia en { $noun }
list-retries = { " " }(R reintenta)

## The TUI's chrome: the tabs, the path in the title line, the status bar, toasts

tab-events = Eventos
tab-customers = Clientes
tab-orders = Pedidos
tab-products = Productos
tab-courses = Cursos
crumb-audit = Registro de auditoría
crumb-enrollments = Inscripciones
crumb-enrollments-of = Inscripciones · { $name }
crumb-order = Pedido { $number }
crumb-customer = Cliente { $name }
crumb-ticket = Entrada { $number }
crumb-door = Puerta · { $title }
crumb-tickets = Entradas · { $title }
crumb-tickets-main = Entradas · evento principal
bar-read-only = solo lectura
bar-in-flight = ⟳ { $count } en curso
bar-last-error = último error: { $error }
bar-keys = { $help } ayuda · { $palette } comandos
toast-scan-not-sent = llegó un escaneo: no se envió nada
toast-scan-at-desk = llegó un escaneo: no se hizo nada (escanee en el control de acceso)
toast-scan-typed = llegó un escaneo: escrito aquí, su Enter no se tomó
toast-scan-nothing = llegó un escaneo: no se hizo nada
toast-scan-after-desk = llegó un escaneo tras salir del control de acceso: no se hizo nada
toast-key-unread = una tecla justo después de la pregunta: no se toma como respuesta
toast-nothing-to-copy = nada que copiar aquí
toast-copied = copiado { $text }
toast-unmarked = { $count } desmarcadas
toast-revoked = { $number } revocada: dada de baja
toast-customer-loading = el cliente aún se está cargando
empty-events = no hay eventos
empty-editions = no hay ediciones: t muestra las entradas del propio evento
empty-tickets = aún no hay entradas (e inscribe a alguien)
empty-editions-enroll = no hay ediciones: Enter inscribe en el propio evento
empty-none = no hay { $noun }
list-namesakes = { " " }· { $count } se llaman { $name }
stock-unlimited = ilimitado

## A configuration problem (exit 2), as a person reads it on stderr

config-cannot-read = no se puede leer { $path }: { $error }
config-business-slug = el identificador de negocio { $slug } no es un subdominio válido (letras, dígitos y '-')
config-api-host = el host de la API { $host } no es un nombre de host válido
config-profile-no-file = se pidió el perfil { $name }, pero { $path } no existe
config-no-profile = no hay perfil { $name } en { $path } (perfiles: { $names })
config-default-profile = default_profile { $name } no es un perfil de { $path }
config-key-command-run = no se puede ejecutar api_key_command: { $error }
config-key-command-failed = api_key_command falló ({ $status })
config-key-command-utf8 = api_key_command imprimió algo que no es UTF-8
config-key-command-empty = api_key_command no imprimió nada
config-profile-url = el perfil { $name } necesita base_url, o business y api_host
config-business-needs-host = --business necesita --api-host
config-host-needs-business = --api-host necesita --business
config-no-api = no hay API a la que hablar: indique --base-url (o BOXOFFICE_BASE_URL), --business con --api-host{ $hint }
config-no-api-profile = { " " }o un perfil en { $path }
config-no-key = no hay clave de API: defina BOXOFFICE_API_KEY, o api_key_command en un perfil de config.toml
config-no-key-profile = no hay clave de API: defina BOXOFFICE_API_KEY, o api_key_command (o api_key) en el perfil
config-key-no-file = hay api_key sin archivo de configuración
config-readable = otros pueden leer config.toml; ejecute chmod 600 { $path }
config-concurrency = { $key } = { $n } en el perfil { $name }: indique de 1 a { $max } páginas a la vez

## Writes on many (`revoke --from`, `enroll-many`): progress and summary on stderr

bulk-summary = { $done } { $verb } · { $skipped } omitidas · { $failed } fallidas · { $unknown } con resultado desconocido{ $stopped }
bulk-summary-stopped = { " " }· { $count } sin enviar (detenido)
bulk-verb-revoked = revocadas
bulk-verb-enrolled = inscritas
bulk-end-skipped = omitida ({ $why })
bulk-end-failed = falló: { $why }
bulk-end-unknown = resultado desconocido ({ $why })
bulk-end-unknown-revoke = resultado desconocido ({ $why }); no se supo al leerla de nuevo: compruebe con `boxoffice ticket <id>` o `boxoffice audit settle` antes de enviarla otra vez
bulk-not-enrolled = no inscrita: línea { $line }: { $email }
bulk-not-revoked = no revocada: { $named }
bulk-dry-enroll = simulación: { $new } por inscribir · { $skip } ya inscritas · { $bad } líneas no válidas; no se envió nada
bulk-dry-revoke = simulación: { $revoke } por revocar · { $skip } ya dadas de baja · { $missing } no encontradas; no se envió nada
bulk-partial-enroll = { $summary }; compruebe con `boxoffice tickets { $event } --all --format csv` antes de enviar de nuevo

## `cache clear`, `desk-db` and `desk sync`: what they say to a person

cache-no-place = no hay directorio de caché: defina XDG_CACHE_HOME o HOME
cache-cannot-remove = no se puede borrar la caché en { $path }: { $error }
cache-none-in = no hay listas sin conexión que borrar en { $path }
cache-none-for = no hay listas sin conexión que borrar para { $business } ({ $path } no existe)
cache-removed = borrado { $path }
desk-db-none = no hay base de datos del control: indique --desk-db postgres://… (o BOXOFFICE_DESK_DB, o desk_db en el perfil)
desk-db-created = esquema { $to } creado
desk-db-there = esquema { $to }, ya estaba
desk-db-migrated = esquema migrado de { $from } a { $to }
desk-db-unusable = un carril no podría trabajar con esta base de datos
desk-db-no-conflicts = sin conflictos
desk-sync-no-state = no hay directorio de estado: defina XDG_STATE_HOME o HOME
desk-sync-queued = { $count ->
        [one] 1 admisión sigue en cola en esta máquina
       *[other] { $count } admisiones siguen en cola en esta máquina
    }
desk-sync-nothing = nada en cola para este registro
desk-sync-sent = { $count } enviadas, nada en cola
desk-sync-no-answer = (el registro compartido no respondió: { $error })

## `doctor`: each check's label (what follows it stays as it is)

doctor-api-key = clave de API
doctor-dns = DNS
doctor-tcp = TCP
doctor-tls = TLS
doctor-base-url = URL base
doctor-clock = reloj
doctor-config = configuración
doctor-desk-log = registro del puesto
doctor-language = idioma
doctor-profile = perfil
doctor-queued = en cola
doctor-terminal = terminal

## The detail screens: their titles, loading lines, labels and words

detail-loading = cargando { $noun } { $label }…
detail-failed = no se pudo cargar { $noun } { $id }: { $error }
detail-failed-toast = { $noun }: { $error }
detail-fields = { $crumb } · campos (r: JSON)
detail-enter = { $crumb } · Enter: { $what }
detail-raw = JSON tal cual (r: campos)
detail-raw-beside = JSON tal cual
link-customer = abrir cliente { $label }
link-order = abrir pedido { $label }
link-ticket = abrir entrada { $number }
link-tickets = entradas de { $title }
record-course = curso
record-customer = cliente
record-event = evento
record-order = pedido
record-product = producto
record-ticket = entrada
# A fact's label (at most 16 columns) or a section's heading.
label-access = acceso
label-active = activo
label-addresses = direcciones
label-all-fields = todos los campos
label-attendee = asistente
label-branch-pickup = recogida en tienda
label-categories = categorías
label-certificate = certificado
label-company = empresa
label-contacts = contactos
label-created = creado
label-customer = cliente
label-description = descripción
label-discussions = debates
label-domain = dominio
label-email = correo
label-edition = edición
label-enrollments = inscripciones
label-gateway = pasarela
label-identification = identificación
label-images = imágenes
label-instructors = instructores
label-items = artículos
label-language = idioma
label-member-id = n.º de socio
label-modules = módulos
label-name = nombre
label-number = número
label-on-completion = al completar
label-order = pedido
label-orders = pedidos
label-pay-url = URL de pago
label-phone = teléfono
label-price = precio
label-published = publicado
label-rating = valoración
label-recipient = destinatario
label-seller = vendedor
label-shipping = envío
label-sku = SKU
label-source = origen
label-status = estado
label-subscriptions = suscripciones
label-tax = impuesto
label-tax-treatment = trato fiscal
label-template = plantilla
label-total = total
label-type = tipo
label-variants = variantes
label-who = quién
# The event screen's labels (at most 9 columns).
label-dates = fechas
label-location = lugar
label-state = estado
label-stock = stock
label-tickets = entradas
# The event screen's counters: the whole words, and shorter ones where
# the whole ones do not fit a line.
tally-confirmed = confirmadas
tally-open = abiertas
tally-pending = pendientes
tally-cancelled = canceladas
tally-total = en total
tally-confirmed-short = conf
tally-open-short = abie
tally-pending-short = pend
tally-cancelled-short = canc
tally-total-short = total
tally-available = disponibles { $count }
tally-committed = comprometidas { $count }
event-editions = Ediciones ({ $count })
event-editions-keys = Enter entradas · t entradas del evento principal
event-main-tickets = { $title } (evento principal)
# A table's cell: where a run stands against today, an event's state.
word-past = pasado
word-today = hoy
word-later = próximo
word-published = publicado
word-draft = borrador
word-inactive = inactivo
word-yes = sí
word-no = no
word-none = ninguno
customer-revoking = revocando…
customer-search-failed = la búsqueda falló: { $error }

## The TUI's error and info toasts

toast-being-revoked = { $number } se está revocando: espere la respuesta
toast-revoke-unknown = la revocación de { $number } no tiene resultado conocido: se vuelve a leer la entrada (no se envía de nuevo)
toast-tickets-end-in = { $count } entradas terminan en { $typed }: escriba el número completo
toast-read-only-enroll = solo lectura: no se inscribe
toast-enroll-from-where = abra una lista de entradas para inscribir en ella
toast-nothing-to-save = nada que guardar aquí: abra una lista de entradas
toast-no-saved-filters = no hay filtros guardados aquí: abra una lista de entradas
toast-nothing-to-export = nada que exportar aquí: abra una lista de entradas
toast-edition-ended = { $name } terminó { $when }: inscriba en una que esté por venir
toast-cursor-on-their-ticket = ponga el cursor sobre una de sus entradas

## The command palette (:): what it says of a line it cannot read

palette-empty = comando vacío
palette-unknown = comando desconocido: { $line }
palette-not-a-ticket-id = no es un id de entrada: { $text }
palette-usage = uso: { $usage }
palette-usage-door = uso: :door <id> (el id de una edición o de un evento)

## `desk sync`, `desk-db check`, `audit settle`: what they say to a person

desk-sync-elsewhere = { $count ->
        [one] 1 admisión en cola en esta máquina para otro registro ({ $logs }): un carril o `desk sync` de ese registro la envía
       *[other] { $count } admisiones en cola en esta máquina para otro registro ({ $logs }): un carril o `desk sync` de ese registro las envía
    }
desk-sync-log-unknown = desconocido
# `desk-db check`: each line's label (in one column), then what it found.
dbcheck-database = base de datos
dbcheck-round-trip = ida y vuelta
dbcheck-server = servidor
dbcheck-schema = esquema
dbcheck-privileges = privilegios
dbcheck-plain = sin cifrar, esta máquina
dbcheck-ms = { $ms } ms
dbcheck-standby = PostgreSQL { $version }, en espera: solo lectura, un carril no puede registrar (apunte --desk-db al primario, o a ambos: postgres://a,b/db?target_session_attrs=read-write)
dbcheck-primary = PostgreSQL { $version }, primario
dbcheck-schema-none = ninguno: ejecute boxoffice desk-db init (como propietario de la base de datos)
dbcheck-schema-other = { $found }, este boxoffice conoce { $knows }: ejecute boxoffice desk-db init
dbcheck-privileges-ok = SELECT, INSERT, DELETE en { $tables }
dbcheck-privileges-missing = faltan: { $missing } (docs/lanes.md tiene el GRANT)
# `audit settle`: each write's outcome (how it was learnt stays as the
# audit log keeps it) and the summary.
settle-no-audit-log = no hay registro de auditoría en esta máquina (defina HOME o XDG_STATE_HOME)
settle-cannot-tell = no se sabe qué escribió
settle-applied = aplicada
settle-not-applied = no aplicada
settle-refused = rechazada
settle-unknown = desconocido
settle-summary = { $applied } aplicadas · { $notapplied } no aplicadas · { $unknown } aún sin saber
settle-summary-refused = { $summary } · { $refused } rechazadas (retenidas antes)

## `revoke` and `enroll-many` on a terminal: the question before the write
## (answered y or yes, in every language) and the line after it

revoke-ask = ¿Revocar la entrada { $number } ({ $details }){ $status }?
revoke-ask-status = { " " }— esta entrada está { $status }
revoke-not-revoked = entrada { $number } no revocada
revoke-already-unenrolled = la entrada { $number } ya está dada de baja; nada que revocar
revoked-ticket-number = entrada { $number } revocada (id { $id }){ $learnt }
revoked-ticket = entrada { $id } revocada{ $learnt }
revoke-many-ask = { $count ->
        [one] ¿Revocar 1 entrada ({ $first }{ $more })?
       *[other] ¿Revocar { $count } entradas ({ $first }{ $more })?
    }
revoke-many-more = , y { $count } más
revoke-nothing-revoked = nada revocado
enroll-many-ask = { $count ->
        [one] ¿Inscribir a 1 persona en el evento { $event } ({ $type })?
       *[other] ¿Inscribir a { $count } personas en el evento { $event } ({ $type })?
    }
enroll-many-nobody = nadie inscrito
ask-cannot-read = no se puede leer la respuesta: { $error }

## config.toml that does not read as TOML (what the parser said stays as it said it), and how api_key_command ended

config-not-toml = { $path } no es TOML válido: { $error }
config-toml-at = { $place } no es TOML válido: { $error }
config-key-command-signal = una señal
config-key-command-exit = código de salida { $code }
toast-revoke-of = revocación de { $number }
toast-revoke-outcome-unknown = { $what }: resultado desconocido ({ $error }) — no se envía de nuevo; x sobre ella vuelve a leer la entrada
toast-outcome-unknown = { $what }: resultado desconocido
toast-ticket-is = { $number } está { $status }
toast-ticket-status-unknown = { $number } tiene un estado desconocido
toast-the-ticket-is = la entrada está { $status }
toast-the-ticket-status-unknown = la entrada tiene un estado desconocido
toast-enrolled = { $who } inscrito en { $target }
toast-event-ended = { $name } terminó { $when }: no queda ninguna edición en la que inscribir
toast-revoke-cancelled = revocación cancelada
toast-export-cancelled = exportación cancelada
toast-bulk-revoke-cancelled = revocación en bloque cancelada
toast-bulk-enroll-cancelled = inscripción desde archivo cancelada
toast-note-not-changed = nota sin cambios
enroll-outcome-unknown = resultado desconocido ({ $error }) — no se envía de nuevo; Enter vuelve a leer las entradas
word-billing = facturación
word-shipping = envío
customer-tickets-in-lists = en las listas cargadas (f: buscar en los eventos actuales y próximos)

## Finding a ticket or a customer's tickets in the current and upcoming events

find-finding-events = buscando los eventos actuales y próximos
find-events-read = { $done } de { $total } eventos y ediciones
find-tickets-read = { $events } · { $count } entradas leídas
find-unread = { " " }· { $count } no se pudieron leer
find-not-found = { $number } no está en los eventos actuales y próximos ({ $progress })
find-could-not-read = ; no se pudo leer { $error }
find-stopped = búsqueda de { $number } detenida
find-failed = buscando { $number }: { $error }
find-title = Buscando { $number }
find-not-in-lists = no está en las listas cargadas: leyendo los eventos actuales y próximos
find-key-stops = detiene la búsqueda
customer-searching = ⟳ { $progress } · f detiene
customer-search-stopped = búsqueda detenida en { $progress }
customer-searched = buscado: { $progress }
customer-search-first-error = { " " }(primer error: { $error })
toast-already-unenrolled = { $number } ya está dada de baja
toast-no-status-tickets = no hay entradas en estado { $status } aquí
toast-no-such-tickets = no hay tales entradas aquí
toast-view-saved = guardado como { $name } (:filters los lista)
toast-view-not-saved = no guardado: { $error }
list-from-ago = lista de hace { $age }
toast-note-none-written = no se escribió ninguna nota
toast-note-unchanged = la nota no ha cambiado
toast-note-cleared = borrada: la nota sobre { $title }
toast-noted = anotado: { $title }: { $text }
enroll-first-available = { $title } (primera edición disponible)

## `enroll`'s line on stderr (where it landed: the edition as the API names it)

enrolled-customer = cliente { $customer } inscrito en { $edition } ({ $type }){ $after }{ $learnt }
enrolled-person = { $email } ({ $name }) inscrito en { $edition } ({ $type }){ $after }{ $learnt }
enrolled-event = evento { $id }
enrolled-ticket = : entrada { $number }
enrolled-ticket-unread = ; no se pudo leer su entrada para nombrar su edición ({ $why })

## A list's progress while it streams in or is read again

list-progress-loading = ⟳ cargando…
list-progress-pages = ⟳ cargando { $done }/{ $total } páginas · { $count }
list-progress-pages-of = ⟳ cargando { $done }/{ $total } páginas · { $count } de { $all }
list-refreshing = ⟳ actualizando{ $pages }
list-refresh-pages = { " " }{ $done }/{ $total } páginas
list-unreadable-record = ilegible: { $what }
list-reread-failed = volver a leer { $noun } falló: { $error }; la lista mostrada es la de antes

## The pickers (enroll a customer, enroll in an event)
picker-customer-title = Inscribir a un cliente
picker-event-title = Inscribir en un evento
picker-filter = filtro
picker-enroll = inscribir a
picker-in = en
picker-count = { $shown } de { $total } { $noun }
picker-key-type = escribir
picker-key-filter = filtrar
picker-key-move = mover
picker-key-pick = elegir
picker-key-cancel = cancelar
picker-key-back = volver
picker-failed-refused = ✗ { $error }  (Esc: volver)
picker-failed = ✗ { $error }  (y: reintentar, Esc: volver)
picker-event-ended = este evento ya terminó ({ $dates }): elige uno que aún no haya pasado
picker-edition-ended = esta edición ya terminó ({ $ended }): elige la de hoy o una posterior
picker-itself = el evento mismo

## A bulk run's item ends and counts, as the staff reads them
bulk-why-already-enrolled = ya inscrita
bulk-why-already-unenrolled = ya dada de baja
bulk-why-listed-twice = aparece dos veces
bulk-why-not-csv = no es una línea CSV
bulk-why-needs-names = falta el nombre o el apellido
bulk-why-not-email = { $text } no es un correo electrónico
bulk-why-line = línea { $line }: { $why }
bulk-why-not-applied = no aplicado: { $was }leída de nuevo: { $how }
bulk-why-read = leída { $what }: { $status }
bulk-why-read-ticket = leída la entrada { $id }: { $status }
bulk-no-people = no hay personas en { $path } (email,nombre,apellido por línea)
bulk-part-done = { $count } { $verb }
bulk-part-skipped = { $count } omitidas
bulk-part-failed = { $count } fallidas
bulk-part-unknown = { $count } con resultado desconocido
bulk-part-not-sent = { $count } sin enviar (detenido)
bulk-part-waiting = { $count } en espera

## The export prompt
export-title = Exportar { $count } { $noun }
export-file = archivo
export-how = CSV (un nombre .json: JSON); las filas como se ven, en su orden
export-type-name = escribe un nombre de archivo
export-exists = { $path } ya existe: y lo sobrescribe
export-writing = escribiendo…
export-key-overwrite = sobrescribir
export-key-rename = cambiar el nombre
export-key-write = escribir
export-done = exportadas { $count } { $noun } a { $path }
export-cannot-write = no se puede escribir { $path }: { $error }

## A screen named by an id until its record is read
crumb-event-id = evento { $id }
toast-internal-error = error interno en una tarea de fondo: { $text } (la aplicación sigue)

## The rarer failures of a command
failure-cannot-write-output = no se puede escribir la salida: { $error }
failure-desk-log = el registro del puesto falló: { $error }
failure-desk-log-not-kept = no guardado: el registro del puesto falló: { $error }

## `config init` and `config pin`
config-init-writing = Escribiendo { $path } (la clave misma nunca se pide ni se escribe).
config-init-ask-business = Slug del negocio (el SLUG de https://SLUG.host-de-la-api), o la URL base completa de la API:
config-init-ask-api-host = Host de la API bajo el que viven los subdominios de los negocios (p. ej. api.example.com):
config-init-ask-key-command = Comando que imprime la clave de la API, p. ej. el de un gestor de contraseñas `pass show storefront/shop`
config-init-ask-key-command-empty = (vacío: la clave viene de BOXOFFICE_API_KEY):
config-init-ask-pin = PIN del puesto, pedido para salir del puesto de control de entrada, al menos { $min } caracteres
config-init-ask-pin-how = ({ $shown }; solo se escribe su hash; vacío: ninguno):
config-init-again = { $problem }; otra vez:
config-echo-hidden = no se muestra al teclearlo
config-echo-shown = se muestra al teclearlo
config-init-no-answer = no se dio ningún negocio: responda a las preguntas, o dé --business y --api-host (o --base-url)
config-init-profile-one-line = el nombre de un perfil es una sola línea de texto
config-init-business-needs-host = --business necesita --api-host
config-init-host-needs-business = --api-host necesita --business
config-init-key-command-one-line = api_key_command es una sola línea
config-init-cannot-ask = no se puede preguntar: { $error }
config-init-already-there = { $path } ya existe y se dejó como estaba; `boxoffice config init --force` lo reemplaza
config-init-wrote = escrito { $path } (perfil { $profile }, modo 0600)
config-init-wrote-no-key = la clave: defina BOXOFFICE_API_KEY, o añada api_key_command al perfil
config-init-wrote-pin = el PIN del puesto: su hash está bajo [desk] (el PIN mismo no está en ningún sitio)
config-init-next = siguiente: boxoffice doctor
config-pin-too-short = un PIN del puesto tiene al menos { $min } caracteres
config-pin-ask = El PIN del puesto ({ $shown }; solo se imprime su hash):
config-pin-cannot-read = no se puede leer el PIN: { $error }

## config.toml's mistakes, one a line: the [desk] rules, the theme, [keys.*] (names, keys and places as the file writes them)
config-file-line = { $place }: { $what }
config-desk-verdict-seconds = [desk] verdict_seconds = { $value }: indique de 1 a 60
config-desk-undo-minutes = [desk] undo_minutes = { $value }: indique de 1 a 240
config-desk-pin-hash = [desk] pin_hash: no es un hash escrito por `boxoffice config pin` (el PIN mismo nunca se escribe aquí)
config-theme-unknown = el tema { $name } no es ninguno de { $themes }
config-keys-no-screen = [keys.{ $name }]: no existe esa pantalla (pantallas: global, { $screens })
config-keys-no-action = { $name } no es una acción (acciones: { $actions })
key-not-a-key = { $key } no es una tecla
key-ctrl-one = { $key }: Ctrl- lleva una sola letra o signo, como en Ctrl-l
key-unknown = { $key } no es una tecla (un carácter, o Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)
rebind-no-key = { $place } { $action }: indique al menos una tecla
rebind-ctrl-z = { $place } { $action }: Ctrl-z suspende la aplicación (fg la reanuda) y no se puede asignar
rebind-fixed = { $place } { $action }: sus teclas no se pueden cambiar (la propia tecla dice cuál)
rebind-quit-scope = { $place } quit: quit funciona en todas partes, póngalo bajo [keys.global]
rebind-quit-key = [keys.global] quit = { $key }: quit debe ser una tecla Ctrl- o F, que ningún campo de texto recoge
rebind-desk-printable = [keys.desk] { $action } = { $key }: la entrada del puesto recoge cada letra, cifra y signo que teclea un escáner; use una tecla F, una tecla Ctrl- o Enter/Esc/flechas
rebind-not-global = [keys.global] { $action }: no es una acción global; póngala bajo la pantalla a la que pertenece (globales: { $actions })
rebind-not-on-screen = { $place } { $action }: no es una acción de la pantalla { $screen } (sus acciones: { $actions })
rebind-clash-default = { $key } en la pantalla { $screen } está asignada a la vez a { $set } y a { $other } (su tecla por defecto); dé a una de ellas otra tecla
rebind-clash-line = { $key } en la pantalla { $screen } está asignada a la vez a { $set } y a { $other } (línea { $line }); dé a una de ellas otra tecla
rebind-no-screen = no hay pantalla [keys.{ $screen }]

## `export`'s lines on stderr (the file itself is the same in every language)
export-cmd-done = exportado a { $path }: { $counts }
export-cmd-no-records = ningún registro
export-cmd-count = { $count } { $section ->
    [events] { $count ->
        [one] evento
       *[other] eventos
    }
    [editions] { $count ->
        [one] edición
       *[other] ediciones
    }
    [tickets] { $count ->
        [one] entrada
       *[other] entradas
    }
    [orders] { $count ->
        [one] pedido
       *[other] pedidos
    }
    [order_details] { $count ->
        [one] detalle de pedido
       *[other] detalles de pedidos
    }
    [customers] { $count ->
        [one] cliente
       *[other] clientes
    }
    [customer_details] { $count ->
        [one] detalle de cliente
       *[other] detalles de clientes
    }
    [products] { $count ->
        [one] producto
       *[other] productos
    }
    [product_details] { $count ->
        [one] detalle de producto
       *[other] detalles de productos
    }
    [courses] { $count ->
        [one] curso
       *[other] cursos
    }
    [course_details] { $count ->
        [one] detalle de curso
       *[other] detalles de cursos
    }
    [enrollments] { $count ->
        [one] inscripción
       *[other] inscripciones
    }
   *[other] { $noun }
}
export-cmd-progress = exportación: { $count }
export-cmd-progress-total = exportación: { $count } ({ $total } registros)
export-cmd-interrupted = interrumpido: { $path } no se ha escrito
export-cmd-skipped = aviso: se omite { $what }
export-cmd-left-out = aviso: { $section } { $id } queda fuera: { $message }
export-cmd-cannot-write = no se puede escribir la exportación: { $error }
export-cmd-not-a-file-name = { $name } no es un nombre de archivo

## Saved filters (`:save`, `:filters`): the picker, and a file that cannot be read or written
views-title = Filtros guardados
views-reading = leyendo…
views-key-apply = aplicar
views-key-other = cualquier otra tecla
views-key-close = cerrar
views-none-yet = aún no hay filtros guardados: :save <nombre> guarda el que se muestra
tab-all = todas
tab-unenrolled = dada de baja
views-sort = orden: { $column } { $arrow }
views-unreadable = { $path } no se puede leer: { $error }
views-cannot-read = no se puede leer { $path }: { $error }
views-cannot-write = no se puede escribir { $path }: { $error }
views-no-state-dir = no hay directorio de estado en esta máquina (HOME sin definir)

## `config show`: its labels and what they say (names, paths and values as they are); and no place for the file
config-no-place = no hay sitio para config.toml: defina XDG_CONFIG_HOME o HOME
show-config-file = archivo de configuración
show-profile = perfil
show-base-url = URL base
show-api-key = clave de API
show-concurrency = concurrencia
show-timeout = tiempo de espera
show-bell = timbre
show-desk-log = registro del puesto
show-theme = tema
show-keys = teclas
show-file-no-path = ninguno (ni XDG_CONFIG_HOME ni HOME)
show-file-missing = { $path } (no existe; `boxoffice config init` escribe uno)
show-file-private = { $path } (privado)
show-file-readable = { $path } (legible por otros: aplíquele chmod 600)
show-file-invalid = { $path } (no válido: { $error })
show-none = ninguno
show-no-base-url = <ninguna: { $error }>
show-invalid = <no válido: { $error }>
show-from = de { $name }
show-from-profile = del perfil { $name }
show-from-default-profile = de default_profile en el archivo de configuración
show-implicit-profile = el perfil llamado default, o el único
show-default = por defecto
show-key-env = <definida, de BOXOFFICE_API_KEY>
show-key-command = <definida, del api_key_command del perfil { $profile }>
show-key-file = <definida, del api_key del perfil { $profile }>
show-key-file-not-private = <rechazada: el api_key del perfil { $profile } está en un archivo legible por otros>
show-key-not-set = <sin definir>
show-seconds = { $seconds } s ({ $source })
show-on = sí
show-off = no
show-theme-flag = { $name } (de --theme)
show-theme-file = { $name } (del archivo de configuración)
show-theme-default = { $name } (por defecto)
show-keys-default = las de por defecto (`?` en la TUI las muestra)
show-keys-rebound = { $count ->
    [one] { $count } acción reasignada en el archivo de configuración ([keys.*])
   *[other] { $count } acciones reasignadas en el archivo de configuración ([keys.*])
}

## A headless command's rarer lines: no state directory, a bad argument, a file that cannot be read or written, the demo sandbox, `door watch` without a terminal
failure-no-state-dir = no hay directorio de estado: defina XDG_STATE_HOME o HOME
failure-no-state-dir-audit = no hay directorio de estado (defina HOME o XDG_STATE_HOME)
failure-event-needs-id = --event necesita el id o el hash de un evento
failure-ticket-id-too-large = { $text } es demasiado grande para el id de una entrada
failure-cannot-read-from = no se puede leer { $what }: { $error }
failure-at-line = línea { $line }: { $error }
failure-no-people = no hay personas en { $from }
failure-customer-id = { $text }: un cliente se escribe customer:ID, con su id
failure-cannot-write-file = no se puede escribir { $path }: { $error }
failure-cannot-write-bare = no se puede escribir: { $error }
failure-config-read-failed = la lectura de la configuración falló: { $error }
failure-demo-sandbox = no se puede iniciar el sandbox de demostración: { $error }
failure-door-watch-id = door watch necesita el id de la edición (o del evento), no { $given }
failure-door-watch-terminal = door watch necesita un terminal; use door stats

## `doctor`: what each check found (names, addresses, paths and what a server or the system said as they are)
doc-demo-config = no se usa (--demo: el sandbox integrado)
doc-demo-profile = no se usa (--demo)
doc-skip-no-base-url = sin comprobar: no hay URL base
doc-not-checked = sin comprobar
doc-desk-log-ok = { $db } ({ $source }): esquema { $schema }, los privilegios de una fila
doc-queued-none = ninguna admisión en cola en esta máquina
doc-queued-any = cualquiera
doc-queued-for = { $count } para { $log }
doc-queued = { $count ->
    [one] { $count } admisión en cola
   *[other] { $count } admisiones en cola
} en esta máquina para el registro compartido ({ $logs }): `boxoffice desk sync` de ese registro las envía
doc-config-private = { $path }, privado (0600)
doc-config-readable = { $path } es legible por otros; ejecute chmod 600 { $path }
doc-config-invalid-unused = { $error } (no se usa ahora, pero toda ejecución sin BOXOFFICE_BASE_URL lo lee)
doc-config-none-needed = no hay { $path }; no hace falta, la URL base y la clave vienen de opciones o del entorno
doc-config-none = no hay { $path }; ejecute `boxoffice config init`, o defina BOXOFFICE_BASE_URL y BOXOFFICE_API_KEY
doc-profile-none = ninguno en uso
doc-no-key = no hay clave de API: defina BOXOFFICE_API_KEY, o api_key_command en el perfil (boxoffice config init)
doc-key-readable = { $path } contiene api_key y es legible por otros; ejecute chmod 600 { $path }
doc-skip-url-refused = sin comprobar: la URL base se rechaza
doc-url-plain = http simple, permitido solo hacia loopback
doc-skip-no-host = sin comprobar: no se encontró el host
doc-skip-no-connection = sin comprobar: no hay conexión
doc-skip-no-key = sin comprobar: no hay clave de API con la que preguntar
doc-tls-plain = http simple hacia loopback
doc-tls-ok = negociación y certificado aceptados
doc-tls-none = no hay respuesta HTTPS: { $why }; revise el nombre del host, el certificado o un proxy
doc-key-ok = aceptada (GET /events?limit=1 respondió en { $ms } ms)
doc-key-refused = autenticación rechazada (HTTP { $status }): la clave de API no se aceptó; revise BOXOFFICE_API_KEY o el api_key_command del perfil (boxoffice config show)
doc-key-no-answer = sin comprobar, no hay respuesta: { $error }
doc-key-failed = GET /events?limit=1 falló: { $error }
doc-dns-no-address = { $host } no tiene dirección
doc-dns-literal = no hace falta: { $host } es una dirección
doc-dns-ok = { $host } → { $first } ({ $count ->
    [one] { $count } dirección
   *[other] { $count } direcciones
})
doc-dns-failed = no se encuentra { $host } ({ $error }); revise el slug del negocio y el host de la API, o la red
doc-dns-timeout = sin respuesta para { $host } en { $secs } s; revise la red
doc-tcp-ok = conectado a { $addr }
doc-tcp-timeout = { $addr }: sin respuesta en { $secs } s
doc-tcp-failed = no se puede conectar ({ $last }); revise la red, un cortafuegos o un proxy
doc-clock-no-date = el servidor no envió la cabecera Date
doc-clock-ok = a menos de { $off } s del reloj del servidor
doc-clock-ahead = { $off } s por delante del reloj del servidor; ajuste la hora de esta máquina (NTP): hoy, pasado y próximo en el puesto dependen de ella
doc-clock-behind = { $off } s por detrás del reloj del servidor; ajuste la hora de esta máquina (NTP): hoy, pasado y próximo en el puesto dependen de ella
doc-term-not = no es un terminal (stdout está redirigida); ejecute doctor en el terminal que usará la TUI
doc-term-small = menor que { $size }: agrande la ventana
doc-term-size-hint = { $size } (80×24 o más muestra todas las columnas)
doc-term-no-size = no se puede leer su tamaño
doc-term-no-colour = sin colores (NO_COLOR)
doc-term-24bit = color de 24 bits
doc-term-256 = 256 colores
doc-term-basic = colores básicos
doc-term-dumb = TERM=dumb no puede dibujar la TUI: defina TERM (p. ej. xterm-256color)
doc-term-not-utf8 = la configuración regional ({ $locale }) no es UTF-8: los nombres en otras escrituras no se verán; defina LANG=C.UTF-8
doc-term-locale-unset = sin definir

## `note` (a door's notes) and `tickets --status`; a ticket being revoked in the tickets list
cmd-note-nothing-to-clear = nada que borrar: no hay nota sobre { $who }
cmd-note-cleared = borrada: la nota sobre { $who }
cmd-note-noted = anotado: { $who }: { $text }
cmd-note-empty = una nota vacía: dé su texto, o --clear para quitar una
cmd-note-too-long = una nota es una línea junto a un veredicto: como mucho { $max } caracteres
cmd-tickets-bad-status = --status: { $status } no es un estado
tickets-revoking = revocando…

## A list's or a search's records that could not be read (what was wrong as the reading said it); more refusals of a list of tickets and of a note
warn-skipped = aviso: se omite { $what }
warn-flawed = aviso: { $what } (se conserva; el campo se imprime tal como llegó)
failure-not-a-ticket-number = { $number } no es un número de entrada
failure-no-tickets-in = no hay ids ni números de entrada en { $from }
cmd-note-on = { $text }: una nota va sobre una entrada (su id o su número) o sobre customer:ID

## `tickets --admitted` without a desk log on this machine
warn-no-desk-log = aviso: no hay registro del puesto en esta máquina para { $business }; la columna de admitidas queda vacía

## A write the desk log refused (what the store said, in the language)
failure-not-kept = no guardado: { $error }

## A file of this machine that cannot be read (`:enroll-from`)
file-cannot-read = no se puede leer { $path }: { $error }
