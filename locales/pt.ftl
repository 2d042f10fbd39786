# As palavras do boxoffice em português (a fonte é en.ftl).

## Números e datas

number-group = .
number-decimal = ,
date = { $weekday ->
        [0] seg
        [1] ter
        [2] qua
        [3] qui
        [4] sex
        [5] sáb
       *[6] dom
    } { $day } { $month ->
        [1] jan
        [2] fev
        [3] mar
        [4] abr
        [5] mai
        [6] jun
        [7] jul
        [8] ago
        [9] set
        [10] out
        [11] nov
       *[12] dez
    }
date-time = { $weekday ->
        [0] seg
        [1] ter
        [2] qua
        [3] qui
        [4] sex
        [5] sáb
       *[6] dom
    } { $day } { $month ->
        [1] jan
        [2] fev
        [3] mar
        [4] abr
        [5] mai
        [6] jun
        [7] jul
        [8] ago
        [9] set
        [10] out
        [11] nov
       *[12] dez
    }, { $time }
date-long = { $day } { $month ->
        [1] jan
        [2] fev
        [3] mar
        [4] abr
        [5] mai
        [6] jun
        [7] jul
        [8] ago
        [9] set
        [10] out
        [11] nov
       *[12] dez
    } { $year }
date-long-time = { $day } { $month ->
        [1] jan
        [2] fev
        [3] mar
        [4] abr
        [5] mai
        [6] jun
        [7] jul
        [8] ago
        [9] set
        [10] out
        [11] nov
       *[12] dez
    } { $year }, { $time }
day-today = hoje
day-tomorrow = amanhã
day-yesterday = ontem
day-in = { $count ->
        [one] em { $count } dia
       *[other] em { $count } dias
    }
day-ago = { $count ->
        [one] há { $count } dia
       *[other] há { $count } dias
    }
age-days = { $count ->
        [one] { $count } dia
       *[other] { $count } dias
    }

## Os veredictos

verdict-valid = VÁLIDO
verdict-already-admitted = JÁ ADMITIDO
verdict-not-valid = NÃO VÁLIDO
verdict-other-edition = OUTRA EDIÇÃO
verdict-other-event = OUTRO EVENTO
verdict-unknown = DESCONHECIDO
verdict-exit = SAÍDA
verdict-welcome-back = DE VOLTA
verdict-not-open-yet = AINDA NÃO ABRIU
verdict-closed = FECHADO
verdict-not-inside = NÃO ESTÁ DENTRO
verdict-full = LOTADO
verdict-valid-short = VÁLIDO
verdict-already-admitted-short = ADMITIDO
verdict-not-valid-short = NÃO VÁLIDO
verdict-other-edition-short = EDIÇÃO
verdict-other-event-short = EVENTO
verdict-unknown-short = NÃO EXISTE
verdict-exit-short = SAÍDA
verdict-welcome-back-short = DE VOLTA
verdict-not-open-yet-short = NÃO ABRIU
verdict-closed-short = FECHADO
verdict-not-inside-short = FORA
verdict-full-short = LOTADO
verdict-held = RETIDO
face-checking = A VERIFICAR
face-not-recorded = NÃO REGISTADO
face-undone = DESFEITO
face-other-lane = OUTRA FILA

## O que um veredicto diz

meaning-valid = admitido: pode entrar
meaning-admitted-just-now = admitido agora mesmo em { $lane }
meaning-admitted-at = admitido às { $time } UTC em { $lane }
meaning-back-just-now = voltou a entrar agora mesmo por { $lane }
meaning-back-at = voltou a entrar às { $time } UTC por { $lane } (reentrada)
meaning-ticket-for = bilhete para { $name }{ $when }
meaning-unknown = nenhum bilhete corresponde
meaning-exit = sai: registado (menos um lá dentro)
meaning-welcome-back = volta a entrar: saiu às { $time } UTC por { $lane }
meaning-left = saiu às { $time } UTC por { $lane } — esta porta não permite reentrada
meaning-not-open-yet = abre às { $opens }: nada registado
meaning-closed = fechou às { $closed }: nada registado
meaning-not-inside = não foi admitido nesta porta: nada registado
meaning-left-already = já saiu às { $time } UTC por { $lane }: nada registado
meaning-full = { $inside } dentro de { $capacity } — o próximo quando alguém sair
meaning-held = uma nota para a porta: leia-o sozinho
meaning-forced-capacity = admitido acima da lotação: forçado por { $lane }
meaning-forced-hours = admitido fora do horário: forçado por { $lane }
meaning-from-list = { $meaning } (da lista: a API não respondeu)
meaning-no-match = nenhum bilhete corresponde a “{ $scanned }”
meaning-why = { $why }: “{ $scanned }”
meaning-checking = a verificar o bilhete { $scanned }…
meaning-undone = desfeito: não admitido
meaning-elsewhere = admitido em { $lane }
status-unenrolled = revogado (anulada a inscrição)
status-unknown = estado desconhecido
status-cancelled = cancelado
status-pending = pendente
why-not-a-code = não é um código de bilhete
why-foreign = uma ligação para outro site ({ $host })
why-no-such-number = nenhum bilhete daqui tem esse número
why-no-such-id = nenhum bilhete tem esse id
why-could-not-read = não foi possível ler o bilhete ({ $why })
why-names-no-event = o bilhete não indica nenhum evento
admit-order-line = (encomenda { $order })

## O controlo de entradas

note-scans-beside = as últimas leituras estão à direita
note-wrong-pin = PIN errado: o controlo continua aberto
note-nothing-to-close = nada para fechar: { $key } sai do controlo
note-read-only = só leitura: inscrever e revogar estão desligados
note-walk-in-offline = sem ligação: uma venda na hora precisa da rede (nada fica em fila); o controlo volta a ler a lista sozinho
note-order-none = encomenda { $order }: ninguém escolhido, ninguém admitido
note-order-admitted = { $count ->
        [one] encomenda { $order }: mais { $count } admitido
       *[other] encomenda { $order }: mais { $count } admitidos
    }
note-nothing-to-undo = nada a desfazer: este controlo não admitiu ninguém aqui
note-undo-too-old = nada a desfazer: a última admissão deste controlo ({ $number } às { $time }) tem mais de { $minutes } min

banner-sending = { $count } em fila · a enviar para o registo partilhado
banner-sending-short = { $count } em fila · a enviar
banner-unreachable = REGISTO PARTILHADO INACESSÍVEL desde as { $since } — veredictos só desta fila
banner-unreachable-queued = { $count ->
        [one] REGISTO PARTILHADO INACESSÍVEL desde as { $since } — veredictos só desta fila · 1 admissão em fila
       *[other] REGISTO PARTILHADO INACESSÍVEL desde as { $since } — veredictos só desta fila · { $count } admissões em fila
    }
banner-unreachable-short = REGISTO PARTILHADO INACESSÍVEL desde as { $since }
banner-unreachable-short-queued = REGISTO INACESSÍVEL desde as { $since } · { $count } em fila

held-of = a verificar… { $read } de { $of } lidos
held-read = a verificar… { $read } lidos
held-others = a verificar… as listas das outras edições ({ $count } ainda a ler)

door-none-today = { $title }: nenhuma edição hoje nem depois
door-next-edition = nenhuma edição hoje: a registar a seguinte, { $name } ({ $when })
policy-edition = edição { $id }
policy-this-edition = esta edição
policy-every-edition = todas as edições
policy-from = a partir das { $time }
policy-until = até às { $time }
policy-reentry = reentrada
policy-max = lotação { $capacity }

desk-finding = a procurar a edição de hoje de { $title }…
desk-choosing = Hoje há várias edições de { $title }: qual?
desk-choosing-keys = ↑/↓ escolher · Enter abrir · { $leave } sair
desk-prompt-scan = ler
desk-prompt-name = nome
desk-prompt-pin = PIN
desk-ready = pronto: leia um bilhete
desk-ready-exit = FILA DE SAÍDA — pronto: leia um bilhete para deixar sair
desk-exit-lane-tag = ↤ FILA DE SAÍDA
desk-lane = fila { $lane }
desk-online = ● em linha · { $n } bilhetes
desk-loading = a carregar bilhetes… { $n } lidos
desk-refreshing = { $n } bilhetes · a atualizar… ({ $read } lidos)
desk-refreshing-from = lista das { $time } UTC, a atualizar… ({ $read } lidos)
desk-offline = ✖ SEM LIGAÇÃO — { $from } · { $error } · F5 tenta de novo
desk-list-read-at = lista lida às { $time } UTC{ $age }
desk-list-from = lista das { $time } UTC{ $age }
desk-list-age = há { $age }
desk-no-offline-list = sem lista local
desk-read-before-failed = { $n } bilhetes lidos antes da falha
desk-api-down = ✖ API inacessível desde as { $time } UTC{ $list }
desk-list-of = lista das { $time } UTC
counter-adm = adm
counter-inside = dentro
counter-valid = válidos
counter-total = total
counter-admitted = admitidos
counter-inside-now = dentro agora
counter-last-5-min = últimos 5 min
desk-note-done = (Enter: feito)
desk-force-hint = { $key }: admitir mesmo assim (pergunta)
desk-order = encomenda { $order }: mais { $count } — { $names } · { $enter } · Espaço escolhe
desk-order-enter = Enter admite todos
desk-order-enter-but = Enter admite todos menos ⚑
desk-order-in-already = já dentro: { $names }

## As perguntas do controlo

ask-undo-just-now = Desfazer a admissão de { $who }, agora mesmo?
ask-undo-at = Desfazer a admissão de { $who }, às { $time } UTC?
ask-undo-how = Enter: desfazer · Esc: manter (uma leitura também mantém)
ask-undo-exit = Desfazer a saída de { $who }, às { $time } UTC?
ask-undo-exit-how = Enter: volta a entrar · Esc: manter (uma leitura também mantém)
ask-leave = Sair do controlo de entradas?
ask-leave-how = Enter ou { $key } outra vez: sair · Esc: ficar
ask-leave-pin-how = escreva o PIN e depois Enter · Esc: ficar
ask-leave-line = Sair do controlo de entradas? Enter ou { $key } outra vez: sair · Esc: ficar
ask-leave-line-pin = Sair do controlo de entradas? PIN › { $dots }▏ (Enter · Esc: ficar)
ask-leave-help = { $leave } sair · { $help } ajuda
ask-exit-lane = Tornar esta fila uma fila de saída? Uma leitura deixa então sair (SAÍDA).
ask-entry-lane = Voltar a tornar esta fila uma fila de entrada?
ask-yes-no = Enter: sim · Esc: não (uma leitura também diz não)
ask-force-capacity = Admitir { $who } mesmo assim, acima da lotação?
ask-force-hours = Admitir { $who } mesmo assim, fora do horário?
ask-force-this-ticket = este bilhete
ask-force-how = Enter: admitir, registado como forçado pela fila { $lane } · Esc: não
ask-search = Procurar um participante pelo nome
ask-search-how = escreva um nome e depois Enter · Esc: voltar a ler (uma leitura é julgada)
ask-order = Admitir mais { $count } da encomenda { $order }?
ask-order-how = Enter: admiti-los · Espaço: escolher · ↑/↓ · Esc: não (uma leitura também diz não)

## Os painéis do controlo

panel-help = Teclas · o controlo (F1 ou Esc fecha; uma leitura é julgada)
panel-named = { $count ->
        [one] { $count } participante corresponde a “{ $typed }” — ↑/↓ escolher, Enter verificar, Esc fechar
       *[other] { $count } participantes correspondem a “{ $typed }” — ↑/↓ escolher, Enter verificar, Esc fechar
    }
panel-named-admitted = admitido às { $time } em { $lane }
panel-last-scans = Últimas leituras
panel-none-yet = nenhuma ainda
panel-twice = Admitidos duas vezes
panel-reading = a ler…
panel-cannot-read = não é possível lê-los: { $error }
panel-none = nenhum
panel-twice-close = F6 ou Esc: fechar

## As teclas do controlo

hint-scan = ler
hint-help = ajuda
hint-walk-in = na hora
hint-name = nome
hint-last-scans = últimas
hint-refresh = atualizar
hint-door = porta
hint-undo = desfazer
hint-exit-lane = fila de saída
hint-twice = duas vezes
hint-leave = sair
help-quit = sair do controlo, como a tecla de sair (pergunta)

## Perguntas antes de escrever (revogar, inscrever)

revoke-title = Revogar o bilhete?
revoke-ticket = bilhete
revoke-attendee = participante
revoke-email = e-mail
revoke-edition = edição
revoke-not-confirmed = Este bilhete está { $status }, não confirmado.
revoke-cannot-undo = O bilhete será anulado; não pode ser desfeito.
revoke-key-yes = revogar
revoke-key-other = qualquer outra tecla
revoke-key-cancel = cancelar
enroll-title = Inscrever por e-mail
enroll-into = em
enroll-email = E-mail
enroll-name = Nome
enroll-last-name = Apelido
enroll-type = Tipo
enroll-rereading = ⟳ a ler os bilhetes de novo…
enroll-sending = ⟳ a enviar…
enroll-send = enviar
enroll-next = campo seguinte
enroll-cancel = cancelar

## As notas e linhas do controlo

desk-event = evento { $id }
desk-crumb = Controlo de entradas · { $title }
desk-event-failed = evento { $id }: { $error }
desk-editions-failed = edições: { $error }
note-walk-in-closed = uma leitura fechou o formulário de venda na hora: { $key } volta a abri-lo como estava
note-held = { $what }, retido enquanto a lista era lida: { $word }
note-enrolled-not-listed = { $email } já está inscrito aqui, mas o bilhete ainda não está na lista: F5 volta a lê-la
note-ticket = bilhete { $id }: { $text }
note-lost = { $number }: NÃO admitido aqui — { $verdict }, { $why }
note-dropped = “{ $typed }” descartado, escrito à mão antes da leitura
note-no-attendee = nenhum participante corresponde a “{ $typed }”
note-new-ticket = bilhete novo { $number } para { $name }: leia-o ou escreva-o
note-new-ticket-failed = a ler o bilhete novo: { $error }
note-offline-edition = sem ligação: controlo de { $edition }, a última edição controlada aqui no evento { $event }
note-offline-today = { $why }: controlo de { $id } com a lista local
note-no-offline-list = sem lista local: { $error }
note-exit-lane = agora é uma fila de saída: uma leitura deixa sair (SAÍDA)
note-entry-lane = uma fila de entrada: uma leitura deixa entrar
note-nothing-to-force = nada a admitir mesmo assim: só com AINDA NÃO ABRIU, FECHADO ou LOTADO
note-nothing-undone = nada desfeito: essa admissão não estava no registo do controlo
note-undo-failed = desfazer: { $error }
offline-no-event = não foi possível ler o evento
warning-no-desk-log = registo do controlo indisponível ({ $error }): admissões guardadas só em memória
checking-api = a verificar com a API…
checking-id = a verificar o bilhete { $id }…
checking-elsewhere = não está nas listas desta porta: a procurar noutros eventos…
valid-from-list = segundo a lista
valid-from-list-of = segundo a lista das { $time }
walk-in-admitted = inscrito na hora e admitido · Esc: não admitir
walk-in-enrolled-already = já inscrito, o bilhete: { $meaning }
not-recorded = não registado: { $error }
not-recorded-no-admission = não registado: o registo não tem nenhuma admissão a que voltar
lost-ago = há { $seconds } s
lost-why = { $lane } às { $time }{ $ago }
why-order = encomenda { $order }
undone-exit = saída de { $number } às { $time } desfeita: de novo lá dentro
undone-here = admissão de { $number } às { $time } desfeita aqui — continua admitido em { $lane } ({ $lane-time })
undone-admission = admissão de { $number } às { $time } desfeita: não admitido
alert-admitted-twice = { $count ->
        [one] um bilhete foi admitido em duas filas (encontrado ao repor): F6 mostra-o
       *[other] { $count } bilhetes foram admitidos em duas filas (encontrados ao repor): F6 mostra-os
    }
conflict-line = { $number }  admitido duas vezes: { $first } { $first-time }, { $second } { $second-time }

## A barra de estado no controlo

status-keys = { $help } ajuda · { $leave } sair
status-api-down = ✖ API inacessível desde as { $time }
status-list-age = lista com { $age }
status-no-list = sem lista
status-list-unknown-age = lista de idade desconhecida
status-offline = ✖ sem ligação · { $age }

## O que faz cada tecla do controlo (a sua ajuda)

help-scan = verificar o que foi escrito; responder sim a uma pergunta
help-pick = escolher entre os participantes de uma pesquisa por nome
help-back = fechar o que está aberto, limpar a entrada e depois o veredito (nunca sai)
help-help = ajuda
help-walk-in = venda na hora: inscrever por e-mail nesta edição e admitir
help-name = procurar um participante pelo nome
help-last-scans = as últimas leituras
help-twice = os bilhetes admitidos duas vezes (várias filas)
help-refresh = voltar a ler os bilhetes
help-door = a porta num relance: cada fila, chegadas, lá dentro (Esc volta)
help-exit-lane = fila de saída sim ou não (pergunta): lá uma leitura deixa sair
help-undo = desfazer a última admissão deste controlo (pergunta)
help-force = admitir mesmo assim fora do horário (pergunta; registado como forçado)
help-clear = limpar o veredito
help-leave = sair do controlo (pergunta; o PIN se houver um)

## Um erro da API, como uma pessoa o lê

api-network = erro de rede: { $detail }
api-timed-out = sem resposta a tempo: { $detail }
api-auth = autenticação recusada (HTTP { $status }){ $detail }
api-status = o servidor respondeu HTTP { $status }{ $detail }
api-not-applied = não aplicado: { $why }
unsettled-lost = a sua resposta perdeu-se
unsettled-lost-error = a sua resposta perdeu-se ({ $error })
unsettled-not-sent-again = não reenviada: a mesma escrita n.º { $seq } de { $at }
unsettled-earlier-unknown = não reenviada: a mesma escrita n.º { $seq } de { $at } tem um resultado desconhecido ({ $why })
unsettled-unlearnt = { $lost }; { $why }
unlearnt-unreadable = não se consegue ler: { $error }
unlearnt-within = não se soube em { $secs } s: { $error }
unlearnt-once-more = não se soube ao lê-lo mais uma vez: { $error }
unlearnt-no-answer = nenhuma resposta legível

## Perguntas antes de escrever em muitos (revogar em bloco, inscrever a partir de um ficheiro)

status-open = aberto
status-not-confirmed = não confirmado
status-confirmed = confirmado
bulk-revoke-title = { $count ->
        [one] Revogar { $count } bilhete marcado?
       *[other] Revogar { $count } bilhetes marcados?
    }
bulk-revoking = A revogar { $seen } de { $total }
bulk-revoke-done = Revogação em bloco: concluída
bulk-skip-unenrolled = já anulado: ignorado
bulk-more = … e mais { $count }
bulk-status-count = { $count } { $status }
bulk-not-confirmed = Não confirmados: { $list }.
bulk-revoke-cannot-undo = Cada um será anulado, um de cada vez; não pode ser desfeito.
bulk-now = agora
bulk-stopped-revoke = parado: não se envia mais nada; o que está em curso termina
bulk-stopped = parado: não se envia mais nada
bulk-left-marked = { $count ->
        [one] { $count } continua marcado
       *[other] { $count } continuam marcados
    }
bulk-key-revoke = revogar { $count }
bulk-key-enroll = inscrever { $count }
bulk-key-stop = parar depois do que está em curso
bulk-key-retry = tentar de novo os que faltam
bulk-key-any = qualquer tecla
bulk-key-close = fechar
bulk-enroll-title = Inscrever a partir de { $path }
bulk-enrolling = A inscrever { $seen } de { $total }
bulk-enroll-done = Inscrever a partir de ficheiro: concluído
bulk-enroll-counts = { $new } novos · { $skip } já inscritos · { $bad } linhas inválidas
bulk-enroll-new = novo
enroll-in-ask = Inscrever { $who } em { $into } (pago)?
enroll-in-edition = edição { $detail }
enroll-in-sending = ⟳ a enviar… a inscrever { $who } em { $into }
enroll-in-waiting = à espera da resposta da API
enroll-customer-ask = Inscrever { $who } <{ $email }> (pago)?
enroll-customer-sending = ⟳ a enviar… a inscrever { $who }
ask-key-yes = sim
ask-key-retry = tentar de novo
ask-key-back = voltar
note-title = Nota sobre { $on }
note-reading = a ler a nota guardada…
note-label = nota
note-how = mostrada à porta junto ao veredito; vazia, é apagada
note-ask-clear = Apagar a nota sobre { $on }?
note-keeping = a guardar…
note-key-clear = apagá-la
note-key-keep = guardar
enroll-required = obrigatório
enroll-not-an-email = não é um endereço de e-mail (nome@exemplo.pt)
enroll-required-type = obrigatório (p. ex. paid)

## A porta num relance (F7 no controlo)

door-inside = dentro
door-admitted = admitidos
door-to-come = por chegar
door-of-valid = { $admitted } de { $valid }{ $percent }
door-moves = saídas { $exits } · conflitos { $conflicts } · forçados { $forced }
door-as-last-read = { $error } (na última leitura)
door-busiest = pico
door-arrived = { $count } chegadas
door-now = agora
door-arrivals = chegadas por { $minutes } min (UTC, desde as { $from })
door-col-lane = fila
door-col-admitted = admit.
door-col-last-scan = última
door-col-state = estado
door-lane-scanning = a ler
door-lane-idle = parada
door-lane-offline = sem ligação

## A store's failure, as a person reads it (a path, a URL and what SQLite,
## PostgreSQL or the system said stay as they are)

store-part-local-store = armazenamento local
store-part-desk-log = registo do controlo
store-part-memory-log = registo do controlo em memória
store-part-shared-log = registo partilhado
store-part-offline-list = lista local
store-part-audit-log = registo de auditoria
store-part-desk-database = base de dados do controlo
store-part-tls = TLS da base de dados do controlo
store-part-file = ficheiro
store-unreachable = o registo partilhado está inacessível
store-unreachable-undo = o registo partilhado está inacessível: só as admissões feitas desde então podem ser desfeitas
store-unreachable-rules = o registo partilhado está inacessível: as saídas, as admissões forçadas, a política da porta e as notas precisam dele
store-no-answer = o registo partilhado não respondeu em { $ms } ms
store-failed-earlier = { $part }: já tinha falhado
store-absent = não há { $part } nesta máquina
store-crashed = o armazenamento local falhou: { $detail }
store-at = { $at }: { $detail }
store-no-host = base de dados do controlo { $place }: sem host
store-cleartext = base de dados do controlo { $place }: sslmode=disable para um host que não é esta máquina enviaria a palavra-passe às claras; use sslmode=require
store-db-no-answer = base de dados do controlo { $place }: sem resposta em { $ms } ms
store-schema-newer = base de dados do controlo { $place }: o esquema { $found } é de um boxoffice mais recente (este conhece o { $knows })
store-schema-older = base de dados do controlo { $place }: esquema { $found }, este boxoffice precisa do { $needs } (execute `boxoffice desk-db init`)
store-keeps-no-forced = este registo do controlo não guarda admissões forçadas
store-keeps-no-exits = este registo do controlo não guarda saídas
store-keeps-no-policy = este registo do controlo não guarda a política da porta
store-keeps-no-notes = este registo do controlo não guarda notas
store-too-large = o id { $id } é grande demais para guardar
store-not-a-move = { $word } não é um movimento
store-unknown-move = um movimento { $word }
store-scan-id = id de leitura { $text }: { $detail }
store-answered = o registo do controlo respondeu { $said }
store-already-admitted = já admitido: { $desk } às { $time }

## A headless command's failure, as a person reads it on stderr

failure-unknown = resultado desconhecido ({ $error }); { $hint }
failure-readonly = --readonly: enroll e revoke são recusados no modo de controlo
failure-event = o evento { $id }
failure-event-named = o evento { $named } (id { $id })
failure-ticket = o bilhete { $id }
failure-ticket-numbered = o bilhete { $id } ({ $number })
failure-not-in = { $ticket } não está em { $event }
failure-not-in-but = { $not-in }; é um bilhete do evento { $event }
failure-give-ticket = indique um id ou um número de bilhete
failure-end-of-many = { $number } é o fim de { $count } números em { $event } ({ $some }); indique o número completo
failure-no-ticket = nenhum bilhete { $number } em { $event }
failure-no-ticket-read = nenhum bilhete { $number } em { $event } ({ $read })
failure-read = lidos { $tickets } bilhetes
failure-read-editions = lidos { $tickets } bilhetes de { $editions } edições
failure-unreadable = { $read }; { $count } não puderam ser lidos
admit-alone = o registo partilhado do controlo está inacessível ({ $why }): avaliado sem ligação { $from }
admit-alone-kept = o registo partilhado do controlo está inacessível ({ $why }): { $number } fica admitido só nesta fila ({ $lane }) e é enviado quando o registo voltar a responder; avaliado sem ligação { $from }
admit-from-own = só com as admissões desta fila (nunca leu o registo partilhado neste evento)
admit-from-copy = com a cópia do registo partilhado desta fila, lida às { $time } UTC{ $ago }, e as suas próprias admissões
admit-ago = { " " }(há { $seconds } s)

## The door's figures (`door watch`, `door stats`)

door-col-rate = /min
age-seconds = { $n } s
age-minutes = { $n } min
age-hours = { $h } h { $min } min
stats-title = A porta de { $title } (evento { $id }) às { $time } UTC
stats-inside-now = dentro agora
stats-of-capacity = { $inside } de { $capacity } (lotação)
stats-of-valid = { $admitted } de { $valid } válidos
stats-of-valid-percent = { $admitted } de { $valid } válidos ({ $percent } %)
stats-still-to-come = por chegar
stats-col-from = desde
stats-col-arrivals = chegadas
stats-per = (por { $minutes } min, UTC)

## A list's column titles (the TUI's tables; CSV and JSON keep English field names)

col-access = acesso
col-at-utc = hora (UTC)
col-attendee = participante
col-completed = concluído
col-created = criado
col-customer = cliente
col-date = data
col-dates = datas
col-desk = controlo
col-email = e-mail
col-edition = edição
col-enrolled = inscrito
col-event = evento
col-id = id
col-items = itens
col-location = local
col-ms = ms
col-name = nome
col-number = número
col-open-pend-canc = aber/pend/canc
col-operation = operação
col-order = encomenda
col-outcome = resultado
col-phone = telefone
col-price = preço
col-progress = progresso
col-rating = avaliação
col-sold = vendidos
col-sold-stock = vendidos/stock
col-state = estado
col-status = estado
col-stock = stock
col-target = alvo
col-time = hora
col-time-zone = fuso horário
col-total = total
col-type = tipo
col-when = quando

## The help panel (?): what each key does, its title, the moving keys

key-quit = sair (Ctrl-z suspende, fg retoma)
key-back-root = voltar (sai na raiz)
key-back-filter = voltar (primeiro limpa um filtro)
key-palette = paleta de comandos
key-refresh = atualizar este ecrã
key-down = baixo
key-up = cima
key-first-row = primeira linha
key-last-row = última linha
key-page-down = página abaixo
key-page-up = página acima
key-root-tab = eventos · clientes · encomendas · produtos · cursos
key-open-event = abrir o evento
key-filter-name = filtrar por nome
key-sort-next = ordenar pela coluna seguinte
key-sort-reverse = inverter a ordem
key-enroll-email-first = inscrever por e-mail (primeira edição disponível)
key-enroll-customer-first = inscrever um cliente (primeira edição disponível)
key-copy-event-name = copiar o nome do evento
key-desk-today = controlo de entradas (edição de hoje)
key-tickets-edition = bilhetes da edição
key-tickets-main = bilhetes do evento principal
key-enroll-email-selected = inscrever por e-mail na edição escolhida
key-enroll-customer-selected = inscrever um cliente na edição escolhida
key-desk-selected = controlo de entradas da edição escolhida
key-ticket-detail = detalhe do bilhete
key-filter-name-email-number = filtrar por nome, e-mail, número
key-next-tab = separador de estado seguinte
key-prev-tab = separador de estado anterior
key-status-tab = estado: 1 todos 2 conf 3 anul 4 aber 5 pend 6 canc
key-enroll-email = inscrever por e-mail
key-enroll-customer = inscrever um cliente
key-sort-tickets = ordenar: Número pArticipante Mail esTado Criado Preço encOmenda
key-mark = marcar/desmarcar e descer
key-mark-all = marcar todos os mostrados
key-unmark-all = desmarcar todos
key-revoke-marked = revogar o bilhete (ou todos os marcados)
key-export-tickets = exportar os bilhetes mostrados (:export)
key-copy-ticket-number = copiar o número do bilhete
key-door-note = a nota da porta (⚑)
key-revoke = revogar o bilhete
key-open-line = abrir o que a linha indica (marcada ›)
key-next-line = linha seguinte
key-prev-line = linha anterior
key-top = início
key-bottom = fim
key-fields-raw = campos / JSON em bruto
key-open-customer = abrir o cliente
key-search-customers = procurar nome, e-mail, telefone (melhores primeiro)
key-copy-email = copiar o e-mail
key-find-tickets = procurar os seus bilhetes atuais e próximos (de novo: parar)
key-revoke-line = revogar o bilhete da linha
key-tickets-of-event = bilhetes do evento ou edição desse bilhete
key-enroll-in-event = inscrevê-lo num evento (evento, depois edição)
key-copy-line = copiar o número do bilhete da linha, senão o e-mail
key-their-note = a sua nota da porta (⚑)
key-open-order = abrir a encomenda
key-filter-orders = filtrar por número, cliente, e-mail
key-copy-order = copiar o número da encomenda
key-open-product = abrir o produto
key-open-course = abrir o curso
key-course-enrollments = as inscrições do curso
key-filter-name-email = filtrar por nome, e-mail
key-move = mover (também { $keys })
key-everywhere = em todo o lado
key-title = Teclas · { $screen }
key-scroll = { $arrows } mais · { $keys } desloca · outra tecla fecha
key-any-closes = qualquer tecla fecha
note-too-long = uma nota é uma linha junto ao veredicto: no máximo { $max } caracteres
note-read-failed = não foi possível ler a nota guardada: { $error }
note-not-kept = não guardada: { $error }
failure-hint-safe = pode voltar a enviá-la sem risco
failure-hint-unsettled-revocation = a revogação pode ter sido aplicada ou não: não a envie de novo sem verificar com `{ $check }`; `boxoffice audit settle` volta a lê-la
failure-hint-unsettled-enrollment = a inscrição pode ter sido aplicada ou não: não a envie de novo sem verificar com `{ $check }`; `boxoffice audit settle` volta a lê-la
failure-revoke-needs-yes = não se revoga sem --yes quando a entrada padrão não é um terminal
failure-revoke-many-needs-yes = não se revoga sem --yes quando não é possível perguntar (a entrada padrão não é um terminal, ou é a lista)
failure-enroll-many-needs-yes = não se inscreve sem --yes quando não é possível perguntar (a entrada padrão não é um terminal, ou é a lista)

## A list's count, filter and placeholder (the TUI's lists)

noun-tickets = bilhetes
noun-events = eventos
noun-editions = edições
noun-customers = clientes
noun-orders = encomendas
noun-products = produtos
noun-courses = cursos
noun-enrollments = inscrições
noun-writes = escritas
noun-order-details = detalhes de encomendas
noun-customer-details = detalhes de clientes
noun-product-details = detalhes de produtos
noun-course-details = detalhes de cursos
list-matches = { $count ->
        [one] { $shown } resultado
       *[other] { $shown } resultados
    }
list-enter-tab = Enter abre · Tab mantém
list-esc-clears = Esc limpa
list-marked = { $count } marcados
list-sort = ordem:
list-unreadable = { $count } ilegíveis
list-loading = a carregar { $noun }…
list-load-failed = não foi possível carregar { $noun }{ $hint }: { $error }
list-no-match-yet = ainda sem resultados · { $progress }
list-no-match = nenhum resultado entre { $noun }
list-retries = { " " }(R tenta de novo)

## The TUI's chrome: the tabs, the path in the title line, the status bar, toasts

tab-events = Eventos
tab-customers = Clientes
tab-orders = Encomendas
tab-products = Produtos
tab-courses = Cursos
crumb-audit = Registo de auditoria
crumb-enrollments = Inscrições
crumb-enrollments-of = Inscrições · { $name }
crumb-order = Encomenda { $number }
crumb-customer = Cliente { $name }
crumb-ticket = Bilhete { $number }
crumb-door = Porta · { $title }
crumb-tickets = Bilhetes · { $title }
crumb-tickets-main = Bilhetes · evento principal
bar-read-only = só leitura
bar-in-flight = ⟳ { $count } em curso
bar-last-error = último erro: { $error }
bar-keys = { $help } ajuda · { $palette } comandos
toast-scan-not-sent = chegou uma leitura: nada foi enviado
toast-scan-at-desk = chegou uma leitura: nada feito (leia no controlo de entradas)
toast-scan-typed = chegou uma leitura: escrita aqui, o seu Enter não foi tomado
toast-scan-nothing = chegou uma leitura: nada feito
toast-scan-after-desk = chegou uma leitura depois de sair do controlo de entradas: nada feito
toast-key-unread = uma tecla logo a seguir à pergunta: não tomada como resposta
toast-nothing-to-copy = nada para copiar aqui
toast-copied = copiado { $text }
toast-unmarked = { $count } desmarcados
toast-revoked = { $number } revogado: inscrição anulada
toast-customer-loading = o cliente ainda está a carregar
empty-events = sem eventos
empty-editions = sem edições: t mostra os bilhetes do próprio evento
empty-tickets = ainda sem bilhetes (e inscreve alguém)
empty-editions-enroll = sem edições: Enter inscreve no próprio evento
empty-none = sem { $noun }
list-namesakes = { " " }· { $count } chamam-se { $name }
stock-unlimited = ilimitado

## A configuration problem (exit 2), as a person reads it on stderr

config-cannot-read = não é possível ler { $path }: { $error }
config-business-slug = o identificador de negócio { $slug } não é um subdomínio válido (letras, dígitos e '-')
config-api-host = o anfitrião da API { $host } não é um nome de anfitrião válido
config-profile-no-file = pedido o perfil { $name }, mas { $path } não existe
config-no-profile = não há perfil { $name } em { $path } (perfis: { $names })
config-default-profile = default_profile { $name } não é um perfil de { $path }
config-key-command-run = não é possível executar api_key_command: { $error }
config-key-command-failed = api_key_command falhou ({ $status })
config-key-command-utf8 = api_key_command imprimiu algo que não é UTF-8
config-key-command-empty = api_key_command não imprimiu nada
config-profile-url = o perfil { $name } precisa de base_url, ou de business e api_host
config-business-needs-host = --business precisa de --api-host
config-host-needs-business = --api-host precisa de --business
config-no-api = não há API com que falar: indique --base-url (ou BOXOFFICE_BASE_URL), --business com --api-host{ $hint }
config-no-api-profile = { " " }ou um perfil em { $path }
config-no-key = não há chave da API: defina BOXOFFICE_API_KEY, ou api_key_command num perfil de config.toml
config-no-key-profile = não há chave da API: defina BOXOFFICE_API_KEY, ou api_key_command (ou api_key) no perfil
config-key-no-file = api_key encontrada sem ficheiro de configuração
config-readable = config.toml é legível por outros; execute chmod 600 { $path }
config-concurrency = { $key } = { $n } no perfil { $name }: indique de 1 a { $max } páginas de cada vez

## Writes on many (`revoke --from`, `enroll-many`): progress and summary on stderr

bulk-summary = { $done } { $verb } · { $skipped } ignorados · { $failed } falhados · { $unknown } com resultado desconhecido{ $stopped }
bulk-summary-stopped = { " " }· { $count } não enviados (parado)
bulk-verb-revoked = revogados
bulk-verb-enrolled = inscritos
bulk-end-skipped = ignorado ({ $why })
bulk-end-failed = falhou: { $why }
bulk-end-unknown = resultado desconhecido ({ $why })
bulk-end-unknown-revoke = resultado desconhecido ({ $why }); não se soube ao lê-lo de novo: verifique com `boxoffice ticket <id>` ou `boxoffice audit settle` antes de enviar de novo
bulk-not-enrolled = não inscrito: linha { $line }: { $email }
bulk-not-revoked = não revogado: { $named }
bulk-dry-enroll = simulação: { $new } por inscrever · { $skip } já inscritos · { $bad } linhas inválidas; nada foi enviado
bulk-dry-revoke = simulação: { $revoke } por revogar · { $skip } já anulados · { $missing } não encontrados; nada foi enviado
bulk-partial-enroll = { $summary }; verifique com `boxoffice tickets { $event } --all --format csv` antes de enviar de novo

## `cache clear`, `desk-db` and `desk sync`: what they say to a person

cache-no-place = não há diretório de cache: defina XDG_CACHE_HOME ou HOME
cache-cannot-remove = não é possível remover a cache em { $path }: { $error }
cache-none-in = não há listas offline para remover em { $path }
cache-none-for = não há listas offline para remover para { $business } ({ $path } não existe)
cache-removed = removido { $path }
desk-db-none = não há base de dados do controlo: indique --desk-db postgres://… (ou BOXOFFICE_DESK_DB, ou desk_db no perfil)
desk-db-created = esquema { $to } criado
desk-db-there = esquema { $to }, já existia
desk-db-migrated = esquema migrado de { $from } para { $to }
desk-db-unusable = uma fila não conseguiria trabalhar com esta base de dados
desk-db-no-conflicts = sem conflitos
desk-sync-no-state = não há diretório de estado: defina XDG_STATE_HOME ou HOME
desk-sync-queued = { $count ->
        [one] 1 entrada ainda em fila nesta máquina
       *[other] { $count } entradas ainda em fila nesta máquina
    }
desk-sync-nothing = nada em fila para este registo
desk-sync-sent = { $count } enviadas, nada em fila
desk-sync-no-answer = (o registo partilhado não respondeu: { $error })

## `doctor`: each check's label (what follows it stays as it is)

doctor-api-key = chave da API
doctor-dns = DNS
doctor-tcp = TCP
doctor-tls = TLS
doctor-base-url = URL base
doctor-clock = relógio
doctor-config = configuração
doctor-desk-log = registo do controlo
doctor-language = idioma
doctor-profile = perfil
doctor-queued = em fila
doctor-terminal = terminal

## The detail screens: their titles, loading lines, labels and words

detail-loading = a carregar { $noun } { $label }…
detail-failed = não foi possível carregar { $noun } { $id }: { $error }
detail-failed-toast = { $noun }: { $error }
detail-fields = { $crumb } · campos (r: JSON)
detail-enter = { $crumb } · Enter: { $what }
detail-raw = JSON em bruto (r: campos)
detail-raw-beside = JSON em bruto
link-customer = abrir cliente { $label }
link-order = abrir encomenda { $label }
link-ticket = abrir bilhete { $number }
link-tickets = bilhetes de { $title }
record-course = curso
record-customer = cliente
record-event = evento
record-order = encomenda
record-product = produto
record-ticket = bilhete
# A fact's label (at most 16 columns) or a section's heading.
label-access = acesso
label-active = ativo
label-addresses = moradas
label-all-fields = todos os campos
label-attendee = participante
label-branch-pickup = levantamento
label-categories = categorias
label-certificate = certificado
label-company = empresa
label-contacts = contactos
label-created = criado
label-customer = cliente
label-description = descrição
label-discussions = discussões
label-domain = domínio
label-email = e-mail
label-edition = edição
label-enrollments = inscrições
label-gateway = gateway
label-identification = identificação
label-images = imagens
label-instructors = formadores
label-items = itens
label-language = idioma
label-member-id = n.º de sócio
label-modules = módulos
label-name = nome
label-number = número
label-on-completion = ao concluir
label-order = encomenda
label-orders = encomendas
label-pay-url = URL de pagamento
label-phone = telefone
label-price = preço
label-published = publicado
label-rating = avaliação
label-recipient = destinatário
label-seller = vendedor
label-shipping = envio
label-sku = SKU
label-source = origem
label-status = estado
label-subscriptions = subscrições
label-tax = imposto
label-tax-treatment = regime fiscal
label-template = modelo
label-total = total
label-type = tipo
label-variants = variantes
label-who = quem
# The event screen's labels (at most 9 columns).
label-dates = datas
label-location = local
label-state = estado
label-stock = stock
label-tickets = bilhetes
# The event screen's counters: the whole words, and shorter ones where
# the whole ones do not fit a line.
tally-confirmed = confirmados
tally-open = abertos
tally-pending = pendentes
tally-cancelled = cancelados
tally-total = no total
tally-confirmed-short = conf
tally-open-short = abert
tally-pending-short = pend
tally-cancelled-short = canc
tally-total-short = total
tally-available = disponíveis { $count }
tally-committed = comprometidos { $count }
event-editions = Edições ({ $count })
event-editions-keys = Enter bilhetes · t bilhetes do evento principal
event-main-tickets = { $title } (evento principal)
# A table's cell: where a run stands against today, an event's state.
word-past = passado
word-today = hoje
word-later = próximo
word-published = publicado
word-draft = rascunho
word-inactive = inativo
word-yes = sim
word-no = não
word-none = nenhum
customer-revoking = a revogar…
customer-search-failed = a pesquisa falhou: { $error }

## The TUI's error and info toasts

toast-being-revoked = { $number } está a ser revogado: aguarde a resposta
toast-revoke-unknown = a revogação de { $number } não tem resultado conhecido: o bilhete é lido de novo (não é reenviado)
toast-tickets-end-in = { $count } bilhetes terminam em { $typed }: escreva o número completo
toast-read-only-enroll = só leitura: a inscrição é recusada
toast-enroll-from-where = abra uma lista de bilhetes para inscrever nela
toast-nothing-to-save = nada para guardar aqui: abra uma lista de bilhetes
toast-no-saved-filters = não há filtros guardados aqui: abra uma lista de bilhetes
toast-nothing-to-export = nada para exportar aqui: abra uma lista de bilhetes
toast-edition-ended = { $name } terminou { $when }: inscreva numa que ainda esteja para vir
toast-cursor-on-their-ticket = ponha o cursor num dos seus bilhetes

## The command palette (:): what it says of a line it cannot read

palette-empty = comando vazio
palette-unknown = comando desconhecido: { $line }
palette-not-a-ticket-id = não é um id de bilhete: { $text }
palette-usage = uso: { $usage }
palette-usage-door = uso: :door <id> (o id de uma edição ou de um evento)

## `desk sync`, `desk-db check`, `audit settle`: what they say to a person

desk-sync-elsewhere = { $count ->
        [one] 1 admissão em fila nesta máquina para outro registo ({ $logs }): uma fila ou `desk sync` desse registo envia-a
       *[other] { $count } admissões em fila nesta máquina para outro registo ({ $logs }): uma fila ou `desk sync` desse registo envia-as
    }
desk-sync-log-unknown = desconhecido
# `desk-db check`: each line's label (in one column), then what it found.
dbcheck-database = base de dados
dbcheck-round-trip = ida e volta
dbcheck-server = servidor
dbcheck-schema = esquema
dbcheck-privileges = privilégios
dbcheck-plain = sem cifra, esta máquina
dbcheck-ms = { $ms } ms
dbcheck-standby = PostgreSQL { $version }, em espera: só leitura, uma fila não pode registar (aponte --desk-db para o primário, ou para ambos: postgres://a,b/db?target_session_attrs=read-write)
dbcheck-primary = PostgreSQL { $version }, primário
dbcheck-schema-none = nenhum: execute boxoffice desk-db init (como dono da base de dados)
dbcheck-schema-other = { $found }, este boxoffice conhece { $knows }: execute boxoffice desk-db init
dbcheck-privileges-ok = SELECT, INSERT, DELETE em { $tables }
dbcheck-privileges-missing = faltam: { $missing } (docs/lanes.md tem o GRANT)
# `audit settle`: each write's outcome (how it was learnt stays as the
# audit log keeps it) and the summary.
settle-no-audit-log = não há registo de auditoria nesta máquina (defina HOME ou XDG_STATE_HOME)
settle-cannot-tell = não se sabe o que escreveu
settle-applied = aplicada
settle-not-applied = não aplicada
settle-refused = recusada
settle-unknown = desconhecido
settle-summary = { $applied } aplicadas · { $notapplied } não aplicadas · { $unknown } ainda desconhecidas
settle-summary-refused = { $summary } · { $refused } recusadas (retidas antes)

## `revoke` and `enroll-many` on a terminal: the question before the write
## (answered y or yes, in every language) and the line after it

revoke-ask = Revogar o bilhete { $number } ({ $details }){ $status }?
revoke-ask-status = { " " }— este bilhete está { $status }
revoke-not-revoked = bilhete { $number } não revogado
revoke-already-unenrolled = o bilhete { $number } já está anulado; nada a revogar
revoked-ticket-number = bilhete { $number } revogado (id { $id }){ $learnt }
revoked-ticket = bilhete { $id } revogado{ $learnt }
revoke-many-ask = { $count ->
        [one] Revogar 1 bilhete ({ $first }{ $more })?
       *[other] Revogar { $count } bilhetes ({ $first }{ $more })?
    }
revoke-many-more = , e mais { $count }
revoke-nothing-revoked = nada revogado
enroll-many-ask = { $count ->
        [one] Inscrever 1 pessoa no evento { $event } ({ $type })?
       *[other] Inscrever { $count } pessoas no evento { $event } ({ $type })?
    }
enroll-many-nobody = ninguém inscrito
ask-cannot-read = não é possível ler a resposta: { $error }

## config.toml that does not read as TOML (what the parser said stays as it said it), and how api_key_command ended

config-not-toml = { $path } não é TOML válido: { $error }
config-toml-at = { $place } TOML inválido: { $error }
config-key-command-signal = um sinal
config-key-command-exit = código de saída { $code }
toast-revoke-of = revogação de { $number }
toast-revoke-outcome-unknown = { $what }: resultado desconhecido ({ $error }) — não reenviada; x sobre ele lê o bilhete de novo
toast-outcome-unknown = { $what }: resultado desconhecido
toast-ticket-is = { $number } está { $status }
toast-ticket-status-unknown = { $number } tem um estado desconhecido
toast-the-ticket-is = o bilhete está { $status }
toast-the-ticket-status-unknown = o bilhete tem um estado desconhecido
toast-enrolled = { $who } inscrito em { $target }
toast-event-ended = { $name } terminou { $when }: não resta nenhuma edição onde inscrever
toast-revoke-cancelled = revogação cancelada
toast-export-cancelled = exportação cancelada
toast-bulk-revoke-cancelled = revogação em bloco cancelada
toast-bulk-enroll-cancelled = inscrição a partir de ficheiro cancelada
toast-note-not-changed = nota sem alterações
enroll-outcome-unknown = resultado desconhecido ({ $error }) — não reenviada; Enter lê os bilhetes de novo
word-billing = faturação
word-shipping = envio
customer-tickets-in-lists = nas listas carregadas (f: pesquisar nos eventos atuais e próximos)

## Finding a ticket or a customer's tickets in the current and upcoming events

find-finding-events = a procurar os eventos atuais e próximos
find-events-read = { $done } de { $total } eventos e edições
find-tickets-read = { $events } · { $count } bilhetes lidos
find-unread = { " " }· { $count } não puderam ser lidos
find-not-found = { $number } não encontrado nos eventos atuais e próximos ({ $progress })
find-could-not-read = ; não foi possível ler { $error }
find-stopped = pesquisa de { $number } parada
find-failed = a procurar { $number }: { $error }
find-title = A procurar { $number }
find-not-in-lists = não está nas listas carregadas: a ler os eventos atuais e próximos
find-key-stops = para a pesquisa
customer-searching = ⟳ { $progress } · f para
customer-search-stopped = pesquisa parada em { $progress }
customer-searched = pesquisado: { $progress }
customer-search-first-error = { " " }(primeiro erro: { $error })
toast-already-unenrolled = { $number } já está anulado
toast-no-status-tickets = não há bilhetes no estado { $status } aqui
toast-no-such-tickets = não há tais bilhetes aqui
toast-view-saved = guardado como { $name } (:filters lista-os)
toast-view-not-saved = não guardado: { $error }
list-from-ago = lista de há { $age }
toast-note-none-written = nenhuma nota escrita
toast-note-unchanged = a nota não mudou
toast-note-cleared = apagada: a nota sobre { $title }
toast-noted = anotado: { $title }: { $text }
enroll-first-available = { $title } (primeira edição disponível)

## `enroll`'s line on stderr (where it landed: the edition as the API names it)

enrolled-customer = cliente { $customer } inscrito em { $edition } ({ $type }){ $after }{ $learnt }
enrolled-person = { $email } ({ $name }) inscrito em { $edition } ({ $type }){ $after }{ $learnt }
enrolled-event = evento { $id }
enrolled-ticket = : bilhete { $number }
enrolled-ticket-unread = ; não foi possível ler o bilhete para nomear a edição ({ $why })

## A list's progress while it streams in or is read again

list-progress-loading = ⟳ a carregar…
list-progress-pages = ⟳ a carregar { $done }/{ $total } páginas · { $count }
list-progress-pages-of = ⟳ a carregar { $done }/{ $total } páginas · { $count } de { $all }
list-refreshing = ⟳ a atualizar{ $pages }
list-refresh-pages = { " " }{ $done }/{ $total } páginas
list-unreadable-record = ilegível: { $what }
list-reread-failed = ler de novo os { $noun } falhou: { $error }; a lista mostrada é a de antes

## The pickers (enroll a customer, enroll in an event)
picker-customer-title = Inscrever um cliente
picker-event-title = Inscrever num evento
picker-filter = filtro
picker-enroll = inscrever
picker-in = em
picker-count = { $shown } de { $total } { $noun }
picker-key-type = escrever
picker-key-filter = filtrar
picker-key-move = mover
picker-key-pick = escolher
picker-key-cancel = cancelar
picker-key-back = voltar
picker-failed-refused = ✗ { $error }  (Esc: voltar)
picker-failed = ✗ { $error }  (y: tentar de novo, Esc: voltar)
picker-event-ended = este evento já terminou ({ $dates }): escolha um que ainda esteja por vir
picker-edition-ended = esta edição já terminou ({ $ended }): escolha a de hoje ou uma posterior
picker-itself = o próprio evento

## A bulk run's item ends and counts, as the staff reads them
bulk-why-already-enrolled = já inscrito
bulk-why-already-unenrolled = já anulado
bulk-why-listed-twice = listado duas vezes
bulk-why-not-csv = não é uma linha CSV
bulk-why-needs-names = precisa de nome e apelido
bulk-why-not-email = { $text } não é um endereço de e-mail
bulk-why-line = linha { $line }: { $why }
bulk-why-not-applied = não aplicado: { $was }lido de novo: { $how }
bulk-why-read = lido { $what }: { $status }
bulk-why-read-ticket = lido o bilhete { $id }: { $status }
bulk-no-people = nenhuma pessoa em { $path } (email,nome,apelido por linha)
bulk-part-done = { $count } { $verb }
bulk-part-skipped = { $count } ignorados
bulk-part-failed = { $count } falhados
bulk-part-unknown = { $count } com resultado desconhecido
bulk-part-not-sent = { $count } não enviados (parado)
bulk-part-waiting = { $count } em espera

## The export prompt
export-title = Exportar { $count } { $noun }
export-file = ficheiro
export-how = CSV (um nome .json: JSON); as linhas como se veem, pela ordem
export-type-name = escreva um nome de ficheiro
export-exists = { $path } já existe: y substitui-o
export-writing = a escrever…
export-key-overwrite = substituir
export-key-rename = mudar o nome
export-key-write = escrever
export-done = exportados { $count } { $noun } para { $path }
export-cannot-write = não é possível escrever { $path }: { $error }

## A screen named by an id until its record is read
crumb-event-id = evento { $id }
toast-internal-error = erro interno numa tarefa de fundo: { $text } (a aplicação continua)

## The rarer failures of a command
failure-cannot-write-output = não é possível escrever a saída: { $error }
failure-desk-log = o registo do controlo falhou: { $error }
failure-desk-log-not-kept = não guardado: o registo do controlo falhou: { $error }

## `config init` and `config pin`
config-init-writing = A escrever { $path } (a chave em si nunca é pedida nem escrita).
config-init-ask-business = Slug do negócio (o SLUG de https://SLUG.host-da-api), ou o URL base completo da API:
config-init-ask-api-host = Host da API sob o qual vivem os subdomínios dos negócios (p. ex. api.example.com):
config-init-ask-key-command = Comando que imprime a chave da API, p. ex. o de um gestor de palavras-passe `pass show storefront/shop`
config-init-ask-key-command-empty = (vazio: a chave vem de BOXOFFICE_API_KEY):
config-init-ask-pin = PIN do posto, pedido para sair do posto de entrada, pelo menos { $min } caracteres
config-init-ask-pin-how = ({ $shown }; só o seu hash é escrito; vazio: nenhum):
config-init-again = { $problem }; outra vez:
config-echo-hidden = não aparece ao escrever
config-echo-shown = aparece ao escrever
config-init-no-answer = nenhum negócio dado: responda às perguntas, ou dê --business e --api-host (ou --base-url)
config-init-profile-one-line = o nome de um perfil é uma só linha de texto
config-init-business-needs-host = --business precisa de --api-host
config-init-host-needs-business = --api-host precisa de --business
config-init-key-command-one-line = api_key_command é uma só linha
config-init-cannot-ask = não é possível perguntar: { $error }
config-init-already-there = { $path } já existe e foi deixado como estava; `boxoffice config init --force` substitui-o
config-init-wrote = escrito { $path } (perfil { $profile }, modo 0600)
config-init-wrote-no-key = a chave: defina BOXOFFICE_API_KEY, ou acrescente api_key_command ao perfil
config-init-wrote-pin = o PIN do posto: o seu hash está sob [desk] (o PIN em si não está em lado nenhum)
config-init-next = a seguir: boxoffice doctor
config-pin-too-short = um PIN do posto tem pelo menos { $min } caracteres
config-pin-ask = O PIN do posto ({ $shown }; só o seu hash é impresso):
config-pin-cannot-read = não é possível ler o PIN: { $error }

## config.toml's mistakes, one a line: the [desk] rules, the theme, [keys.*] (names, keys and places as the file writes them)
config-file-line = { $place }: { $what }
config-desk-verdict-seconds = [desk] verdict_seconds = { $value }: indique de 1 a 60
config-desk-undo-minutes = [desk] undo_minutes = { $value }: indique de 1 a 240
config-desk-pin-hash = [desk] pin_hash: não é um hash escrito por `boxoffice config pin` (o PIN em si nunca é escrito aqui)
config-theme-unknown = o tema { $name } não é nenhum de { $themes }
config-keys-no-screen = [keys.{ $name }]: esse ecrã não existe (ecrãs: global, { $screens })
config-keys-no-action = { $name } não é uma ação (ações: { $actions })
key-not-a-key = { $key } não é uma tecla
key-ctrl-one = { $key }: Ctrl- leva uma só letra ou sinal, como em Ctrl-l
key-unknown = { $key } não é uma tecla (um carácter, ou Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)
rebind-no-key = { $place } { $action }: indique pelo menos uma tecla
rebind-ctrl-z = { $place } { $action }: Ctrl-z suspende a aplicação (fg retoma-a) e não pode ser atribuída
rebind-fixed = { $place } { $action }: as suas teclas não podem ser mudadas (a própria tecla diz qual)
rebind-quit-scope = { $place } quit: quit funciona em todo o lado, defina-o em [keys.global]
rebind-quit-key = [keys.global] quit = { $key }: quit tem de ser uma tecla Ctrl- ou F, que nenhum campo de texto apanha
rebind-desk-printable = [keys.desk] { $action } = { $key }: a entrada do posto apanha cada letra, algarismo e sinal que um leitor escreve; use uma tecla F, uma tecla Ctrl- ou Enter/Esc/setas
rebind-not-global = [keys.global] { $action }: não é uma ação global; defina-a no ecrã a que pertence (globais: { $actions })
rebind-not-on-screen = { $place } { $action }: não é uma ação do ecrã { $screen } (as suas ações: { $actions })
rebind-clash-default = { $key } no ecrã { $screen } está atribuída ao mesmo tempo a { $set } e a { $other } (a sua tecla predefinida); dê a uma delas outra tecla
rebind-clash-line = { $key } no ecrã { $screen } está atribuída ao mesmo tempo a { $set } e a { $other } (linha { $line }); dê a uma delas outra tecla
rebind-no-screen = não há ecrã [keys.{ $screen }]

## `export`'s lines on stderr (the file itself is the same in every language)
export-cmd-done = exportado para { $path }: { $counts }
export-cmd-no-records = nenhum registo
export-cmd-count = { $count } { $section ->
    [events] { $count ->
        [one] evento
       *[other] eventos
    }
    [editions] { $count ->
        [one] edição
       *[other] edições
    }
    [tickets] { $count ->
        [one] bilhete
       *[other] bilhetes
    }
    [orders] { $count ->
        [one] encomenda
       *[other] encomendas
    }
    [order_details] { $count ->
        [one] detalhe de encomenda
       *[other] detalhes de encomendas
    }
    [customers] { $count ->
        [one] cliente
       *[other] clientes
    }
    [customer_details] { $count ->
        [one] detalhe de cliente
       *[other] detalhes de clientes
    }
    [products] { $count ->
        [one] produto
       *[other] produtos
    }
    [product_details] { $count ->
        [one] detalhe de produto
       *[other] detalhes de produtos
    }
    [courses] { $count ->
        [one] curso
       *[other] cursos
    }
    [course_details] { $count ->
        [one] detalhe de curso
       *[other] detalhes de cursos
    }
    [enrollments] { $count ->
        [one] inscrição
       *[other] inscrições
    }
   *[other] { $noun }
}
export-cmd-progress = exportação: { $count }
export-cmd-progress-total = exportação: { $count } ({ $total } registos)
export-cmd-interrupted = interrompido: { $path } não foi escrito
export-cmd-skipped = aviso: ignorado: { $what }
export-cmd-left-out = aviso: { $section } { $id } ficou de fora: { $message }
export-cmd-cannot-write = não é possível escrever a exportação: { $error }
export-cmd-not-a-file-name = { $name } não é um nome de ficheiro

## Saved filters (`:save`, `:filters`): the picker, and a file that cannot be read or written
views-title = Filtros guardados
views-reading = a ler…
views-key-apply = aplicar
views-key-other = qualquer outra tecla
views-key-close = fechar
views-none-yet = ainda não há filtros guardados: :save <nome> guarda o que se vê
tab-all = todos
tab-unenrolled = anulado
views-sort = ordem: { $column } { $arrow }
views-unreadable = { $path } não pode ser lido: { $error }
views-cannot-read = não é possível ler { $path }: { $error }
views-cannot-write = não é possível escrever { $path }: { $error }
views-no-state-dir = não há diretório de estado nesta máquina (HOME não definido)

## `config show`: its labels and what they say (names, paths and values as they are); and no place for the file
config-no-place = não há lugar para config.toml: defina XDG_CONFIG_HOME ou HOME
show-config-file = ficheiro de configuração
show-profile = perfil
show-base-url = URL base
show-api-key = chave da API
show-concurrency = concorrência
show-timeout = tempo limite
show-bell = campainha
show-desk-log = registo do posto
show-theme = tema
show-keys = teclas
show-file-no-path = nenhum (nem XDG_CONFIG_HOME nem HOME)
show-file-missing = { $path } (não existe; `boxoffice config init` escreve um)
show-file-private = { $path } (privado)
show-file-readable = { $path } (legível por outros: aplique chmod 600)
show-file-invalid = { $path } (inválido: { $error })
show-none = nenhum
show-no-base-url = <nenhuma: { $error }>
show-invalid = <inválido: { $error }>
show-from = de { $name }
show-from-profile = do perfil { $name }
show-from-default-profile = de default_profile no ficheiro de configuração
show-implicit-profile = o perfil chamado default, ou o único
show-default = predefinição
show-key-env = <definida, de BOXOFFICE_API_KEY>
show-key-command = <definida, do api_key_command do perfil { $profile }>
show-key-file = <definida, do api_key do perfil { $profile }>
show-key-file-not-private = <recusada: o api_key do perfil { $profile } está num ficheiro legível por outros>
show-key-not-set = <não definida>
show-seconds = { $seconds } s ({ $source })
show-on = sim
show-off = não
show-theme-flag = { $name } (de --theme)
show-theme-file = { $name } (do ficheiro de configuração)
show-theme-default = { $name } (predefinição)
show-keys-default = as predefinidas (`?` na TUI lista-as)
show-keys-rebound = { $count ->
    [one] { $count } ação reatribuída no ficheiro de configuração ([keys.*])
   *[other] { $count } ações reatribuídas no ficheiro de configuração ([keys.*])
}

## A headless command's rarer lines: no state directory, a bad argument, a file that cannot be read or written, the demo sandbox, `door watch` without a terminal
failure-no-state-dir = não há diretório de estado: defina XDG_STATE_HOME ou HOME
failure-no-state-dir-audit = não há diretório de estado (defina HOME ou XDG_STATE_HOME)
failure-event-needs-id = --event precisa do id ou do hash de um evento
failure-ticket-id-too-large = { $text } é demasiado grande para o id de um bilhete
failure-cannot-read-from = não é possível ler { $what }: { $error }
failure-at-line = linha { $line }: { $error }
failure-no-people = não há pessoas em { $from }
failure-customer-id = { $text }: um cliente escreve-se customer:ID, com o seu id
failure-cannot-write-file = não é possível escrever { $path }: { $error }
failure-cannot-write-bare = não é possível escrever: { $error }
failure-config-read-failed = a leitura da configuração falhou: { $error }
failure-demo-sandbox = não é possível iniciar o sandbox de demonstração: { $error }
failure-door-watch-id = door watch precisa do id da edição (ou do evento), não { $given }
failure-door-watch-terminal = door watch precisa de um terminal; use door stats

## `doctor`: what each check found (names, addresses, paths and what a server or the system said as they are)
doc-demo-config = não usado (--demo: o sandbox integrado)
doc-demo-profile = não usado (--demo)
doc-skip-no-base-url = não verificado: não há URL base
doc-not-checked = não verificado
doc-desk-log-ok = { $db } ({ $source }): esquema { $schema }, os privilégios de uma fila
doc-queued-none = nenhuma entrada em fila nesta máquina
doc-queued-any = qualquer
doc-queued-for = { $count } para { $log }
doc-queued = { $count ->
    [one] { $count } entrada em fila
   *[other] { $count } entradas em fila
} nesta máquina para o registo partilhado ({ $logs }): `boxoffice desk sync` desse registo envia-as
doc-config-private = { $path }, privado (0600)
doc-config-readable = { $path } é legível por outros; execute chmod 600 { $path }
doc-config-invalid-unused = { $error } (não usado agora, mas cada execução sem BOXOFFICE_BASE_URL lê-o)
doc-config-none-needed = não há { $path }; não é preciso, o URL base e a chave vêm de opções ou do ambiente
doc-config-none = não há { $path }; execute `boxoffice config init`, ou defina BOXOFFICE_BASE_URL e BOXOFFICE_API_KEY
doc-profile-none = nenhum em uso
doc-no-key = não há chave da API: defina BOXOFFICE_API_KEY, ou api_key_command no perfil (boxoffice config init)
doc-key-readable = { $path } contém api_key e é legível por outros; execute chmod 600 { $path }
doc-skip-url-refused = não verificado: o URL base é recusado
doc-url-plain = http simples, permitido só para loopback
doc-skip-no-host = não verificado: o host não foi encontrado
doc-skip-no-connection = não verificado: sem ligação
doc-skip-no-key = não verificado: não há chave da API com que perguntar
doc-tls-plain = http simples para loopback
doc-tls-ok = negociação e certificado aceites
doc-tls-none = sem resposta HTTPS: { $why }; verifique o nome do host, o certificado ou um proxy
doc-key-ok = aceite (GET /events?limit=1 respondeu em { $ms } ms)
doc-key-refused = autenticação recusada (HTTP { $status }): a chave da API não foi aceite; verifique BOXOFFICE_API_KEY ou o api_key_command do perfil (boxoffice config show)
doc-key-no-answer = não verificado, sem resposta: { $error }
doc-key-failed = GET /events?limit=1 falhou: { $error }
doc-dns-no-address = { $host } não tem endereço
doc-dns-literal = não é preciso: { $host } é um endereço
doc-dns-ok = { $host } → { $first } ({ $count ->
    [one] { $count } endereço
   *[other] { $count } endereços
})
doc-dns-failed = não se encontra { $host } ({ $error }); verifique o slug do negócio e o host da API, ou a rede
doc-dns-timeout = sem resposta para { $host } em { $secs } s; verifique a rede
doc-tcp-ok = ligado a { $addr }
doc-tcp-timeout = { $addr }: sem resposta em { $secs } s
doc-tcp-failed = não é possível ligar ({ $last }); verifique a rede, uma firewall ou um proxy
doc-clock-no-date = o servidor não enviou o cabeçalho Date
doc-clock-ok = a menos de { $off } s do relógio do servidor
doc-clock-ahead = { $off } s adiantado em relação ao relógio do servidor; acerte a hora desta máquina (NTP): hoje, passado e próximo no posto dependem dela
doc-clock-behind = { $off } s atrasado em relação ao relógio do servidor; acerte a hora desta máquina (NTP): hoje, passado e próximo no posto dependem dela
doc-term-not = não é um terminal (stdout está redirecionado); execute doctor no terminal que a TUI vai usar
doc-term-small = menor que { $size }: aumente a janela
doc-term-size-hint = { $size } (80×24 ou mais mostra todas as colunas)
doc-term-no-size = o seu tamanho não pode ser lido
doc-term-no-colour = sem cores (NO_COLOR)
doc-term-24bit = cor de 24 bits
doc-term-256 = 256 cores
doc-term-basic = cores básicas
doc-term-dumb = TERM=dumb não consegue desenhar a TUI: defina TERM (p. ex. xterm-256color)
doc-term-not-utf8 = a localização ({ $locale }) não é UTF-8: nomes noutras escritas não vão aparecer; defina LANG=C.UTF-8
doc-term-locale-unset = não definida

## `note` (a door's notes) and `tickets --status`; a ticket being revoked in the tickets list
cmd-note-nothing-to-clear = nada a apagar: não há nota sobre { $who }
cmd-note-cleared = apagada: a nota sobre { $who }
cmd-note-noted = anotado: { $who }: { $text }
cmd-note-empty = uma nota vazia: dê o seu texto, ou --clear para remover uma
cmd-note-too-long = uma nota é uma linha ao lado de um veredicto: no máximo { $max } caracteres
cmd-tickets-bad-status = --status: { $status } não é um estado
tickets-revoking = a revogar…

## A list's or a search's records that could not be read (what was wrong as the reading said it); more refusals of a list of tickets and of a note
warn-skipped = aviso: ignorado: { $what }
warn-flawed = aviso: { $what } (mantido; o campo é impresso tal como chegou)
failure-not-a-ticket-number = { $number } não é um número de bilhete
failure-no-tickets-in = não há ids nem números de bilhete em { $from }
cmd-note-on = { $text }: uma nota é sobre um bilhete (o seu id ou número) ou sobre customer:ID

## `tickets --admitted` without a desk log on this machine
warn-no-desk-log = aviso: não há registo do posto nesta máquina para { $business }; a coluna dos admitidos fica vazia

## A write the desk log refused (what the store said, in the language)
failure-not-kept = não guardado: { $error }

## A file of this machine that cannot be read (`:enroll-from`)
file-cannot-read = não é possível ler { $path }: { $error }
