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

## Preguntas antes de escribir en muchas (revocar en bloque, inscribir desde un archivo)

status-open = abierta
status-not-confirmed = no confirmada
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
