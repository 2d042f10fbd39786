# boxoffice's words in English: the source every other catalogue follows.
# Every message here exists in each catalogue, with the same arguments
# (src/i18n/tests.rs). How to add a language: docs/configuration.md.

## Numbers and dates

# Between groups of three digits: 79,870.
number-group = ,
number-decimal = .
date = { $weekday ->
        [0] Mon
        [1] Tue
        [2] Wed
        [3] Thu
        [4] Fri
        [5] Sat
       *[6] Sun
    } { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    }
date-time = { $weekday ->
        [0] Mon
        [1] Tue
        [2] Wed
        [3] Thu
        [4] Fri
        [5] Sat
       *[6] Sun
    } { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    }, { $time }
# A day with its year (lists, detail screens): 8 Nov 2026, 03:00.
date-long = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $year }
date-long-time = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $year }, { $time }
day-today = today
day-tomorrow = tomorrow
day-yesterday = yesterday
day-in = in { $count } days
day-ago = { $count } days ago
age-days = { $count } days

## The verdicts: the word, and a shorter one for the big letters

verdict-valid = VALID
verdict-already-admitted = ALREADY ADMITTED
verdict-not-valid = NOT VALID
verdict-other-edition = OTHER EDITION
verdict-other-event = OTHER EVENT
verdict-unknown = UNKNOWN
verdict-exit = EXIT
verdict-welcome-back = WELCOME BACK
verdict-not-open-yet = NOT OPEN YET
verdict-closed = CLOSED
verdict-not-inside = NOT INSIDE
verdict-full = FULL
verdict-valid-short = VALID
verdict-already-admitted-short = ADMITTED
verdict-not-valid-short = NOT VALID
verdict-other-edition-short = EDITION
verdict-other-event-short = EVENT
verdict-unknown-short = UNKNOWN
verdict-exit-short = EXIT
verdict-welcome-back-short = WELCOME
verdict-not-open-yet-short = NOT OPEN
verdict-closed-short = CLOSED
verdict-not-inside-short = NOT IN
verdict-full-short = FULL
verdict-held = HELD
face-checking = CHECKING
face-not-recorded = NOT RECORDED
face-undone = UNDONE
face-other-lane = OTHER LANE

## What a verdict means

meaning-valid = admitted: let them in
meaning-admitted-just-now = admitted just now at { $lane }
meaning-admitted-at = admitted at { $time } UTC at { $lane }
meaning-back-just-now = back in just now at { $lane }
meaning-back-at = back in at { $time } UTC at { $lane } (re-entry)
# $when: " — tomorrow", or nothing.
meaning-ticket-for = ticket for { $name }{ $when }
meaning-unknown = no ticket matches
meaning-exit = leaves: recorded (inside now one less)
meaning-welcome-back = back in: left at { $time } UTC at { $lane }
meaning-left = left at { $time } UTC at { $lane } — no re-entry at this door
meaning-not-open-yet = opens { $opens }: nothing recorded
meaning-closed = closed { $closed }: nothing recorded
meaning-not-inside = not admitted at this door: nothing recorded
meaning-left-already = left already at { $time } UTC at { $lane }: nothing recorded
meaning-full = { $inside } inside of { $capacity } — next when one leaves
meaning-held = a note stops the door: scan it alone
meaning-forced-capacity = admitted past the door's capacity: forced by { $lane }
meaning-forced-hours = admitted outside the door's hours: forced by { $lane }
meaning-from-list = { $meaning } (from the list: the API did not answer)
meaning-no-match = no ticket matches “{ $scanned }”
meaning-why = { $why }: “{ $scanned }”
meaning-checking = checking ticket { $scanned }…
meaning-undone = undone: not admitted
meaning-elsewhere = admitted at { $lane }
status-unenrolled = revoked (unenrolled)
status-unknown = unknown status
status-cancelled = cancelled
status-pending = pending
why-not-a-code = not a ticket code
why-foreign = a link to another site ({ $host })
why-no-such-number = no ticket here has that number
why-no-such-id = no ticket has that id
why-could-not-read = could not read the ticket ({ $why })
why-names-no-event = the ticket names no event
admit-order-line = (order { $order })

## The desk

note-scans-beside = the last scans are on the right
note-wrong-pin = wrong PIN: the desk stays
note-nothing-to-close = nothing to close: { $key } leaves the desk
note-read-only = read-only mode: enroll and revoke are turned off
note-walk-in-offline = offline: a walk-in needs the network (nothing is queued); the desk reads the list again by itself
note-order-none = order { $order }: nobody picked, nothing admitted
note-order-admitted = order { $order }: { $count } more admitted
note-nothing-to-undo = nothing to undo: this desk admitted nobody here
note-undo-too-old = nothing to undo: this desk's latest admission ({ $number } at { $time }) is over { $minutes } min old

banner-sending = { $count } queued · sending to the shared log
banner-sending-short = { $count } queued · sending
banner-unreachable = SHARED LOG UNREACHABLE since { $since } — verdicts from this lane only
banner-unreachable-queued = { $count ->
        [one] SHARED LOG UNREACHABLE since { $since } — verdicts from this lane only · 1 admission queued
       *[other] SHARED LOG UNREACHABLE since { $since } — verdicts from this lane only · { $count } admissions queued
    }
banner-unreachable-short = SHARED LOG UNREACHABLE since { $since }
banner-unreachable-short-queued = SHARED LOG UNREACHABLE since { $since } · { $count } queued

held-of = checking… { $read } of { $of } read
held-read = checking… { $read } read
held-others = checking… the other editions' lists ({ $count } still read)

door-none-today = { $title }: no edition today or later
door-next-edition = no edition today: checking in the next, { $name } ({ $when })
policy-edition = edition { $id }
policy-this-edition = this edition
policy-every-edition = every edition
policy-from = from { $time }
policy-until = until { $time }
policy-reentry = re-entry
policy-max = { $capacity } max

desk-finding = finding today's edition of { $title }…
desk-choosing = Several editions of { $title } run today: which one?
desk-choosing-keys = ↑/↓ pick · Enter check in · { $leave } leave
desk-prompt-scan = scan
desk-prompt-name = name
desk-prompt-pin = PIN
desk-ready = ready: scan a ticket
desk-ready-exit = EXIT LANE — ready: scan a ticket to let a guest out
desk-exit-lane-tag = ↤ EXIT LANE
desk-lane = lane { $lane }
desk-online = ● online · { $n } tickets
desk-loading = loading tickets… { $n } read
desk-refreshing = { $n } tickets · refreshing… ({ $read } read)
desk-refreshing-from = list from { $time } UTC, refreshing… ({ $read } read)
desk-offline = ✖ OFFLINE — { $from } · { $error } · F5 retries
desk-list-read-at = list read at { $time } UTC{ $age }
desk-list-from = list from { $time } UTC{ $age }
desk-list-age = { $age } old
desk-no-offline-list = no offline list
desk-read-before-failed = { $n } tickets read before it failed
desk-api-down = ✖ API unreachable since { $time } UTC{ $list }
desk-list-of = list of { $time } UTC
counter-adm = adm
counter-inside = inside
counter-valid = valid
counter-total = total
counter-admitted = admitted
counter-inside-now = inside now
counter-last-5-min = last 5 min
desk-note-done = (Enter: done)
desk-force-hint = { $key }: admit anyway (asks)
desk-order = order { $order }: { $count } more — { $names } · { $enter } · Space picks
desk-order-enter = Enter admits all
desk-order-enter-but = Enter admits all but ⚑
desk-order-in-already = in already: { $names }

## The desk's questions

ask-undo-just-now = Undo the admission of { $who }, just now?
ask-undo-at = Undo the admission of { $who }, at { $time } UTC?
ask-undo-how = Enter: undo · Esc: keep it (a scan keeps it too)
ask-undo-exit = Undo the exit of { $who }, at { $time } UTC?
ask-undo-exit-how = Enter: back inside · Esc: keep it (a scan keeps it too)
ask-leave = Leave the check-in desk?
ask-leave-how = Enter or { $key } again: leave · Esc: stay
ask-leave-pin-how = type the PIN, then Enter · Esc: stay
ask-leave-line = Leave the check-in desk? Enter or { $key } again: leave · Esc: stay
ask-leave-line-pin = Leave the check-in desk? PIN › { $dots }▏ (Enter · Esc: stay)
ask-leave-help = { $leave } leave · { $help } help
ask-exit-lane = Make this lane an exit lane? A scan then lets a guest out (EXIT).
ask-entry-lane = Make this lane an entry lane again?
ask-yes-no = Enter: yes · Esc: no (a scan says no too)
ask-force-capacity = Admit { $who } anyway, past the door's capacity?
ask-force-hours = Admit { $who } anyway, outside the hours?
ask-force-this-ticket = this ticket
ask-force-how = Enter: admit, recorded as forced by lane { $lane } · Esc: no
ask-search = Find an attendee by name
ask-search-how = type a name, then Enter · Esc: back to scanning (a scan is judged)
ask-order = Admit { $count } more of order { $order }?
ask-order-how = Enter: admit them · Space: pick · ↑/↓ · Esc: no (a scan says no too)

## The desk's panels

panel-help = Keys · the desk (F1 or Esc closes; a scan is judged)
panel-named = { $count } attendees match “{ $typed }” — ↑/↓ pick, Enter check, Esc close
panel-named-admitted = admitted { $time } at { $lane }
panel-last-scans = Last scans
panel-none-yet = none yet
panel-twice = Admitted twice
panel-reading = reading…
panel-cannot-read = cannot read them: { $error }
panel-none = none
panel-twice-close = F6 or Esc: close

## The desk's keys (the bottom line)

hint-scan = scan
hint-help = help
hint-walk-in = walk-in
hint-name = name
hint-last-scans = last scans
hint-refresh = refresh
hint-door = door
hint-undo = undo
hint-exit-lane = exit lane
hint-twice = admitted twice
hint-leave = leave
help-quit = leave the desk, as the leave key (asks)

## Questions before a write (revoke, enroll)

revoke-title = Revoke ticket?
revoke-ticket = ticket
revoke-attendee = attendee
revoke-email = e-mail
revoke-edition = edition
revoke-not-confirmed = This ticket is { $status }, not confirmed.
revoke-cannot-undo = The ticket will be unenrolled; this cannot be undone.
revoke-key-yes = revoke
revoke-key-other = any other key
revoke-key-cancel = cancel
enroll-title = Enroll by e-mail
enroll-into = into
enroll-email = E-mail
enroll-name = Name
enroll-last-name = Last name
enroll-type = Type
enroll-rereading = ⟳ reading the tickets again…
enroll-sending = ⟳ sending…
enroll-send = send
enroll-next = next field
enroll-cancel = cancel

## The desk's notes and lines

desk-event = event { $id }
desk-crumb = Check-in · { $title }
desk-event-failed = event { $id }: { $error }
desk-editions-failed = editions: { $error }
note-walk-in-closed = a scan closed the walk-in form: { $key } opens it again as it was
note-held = { $what }, held while the list was read: { $word }
note-enrolled-not-listed = { $email } is already enrolled here, but their ticket is not in the list yet: F5 reads it again
note-ticket = ticket { $id }: { $text }
note-lost = { $number }: NOT admitted here — { $verdict }, { $why }
note-dropped = dropped “{ $typed }”, typed by hand before the scan
note-no-attendee = no attendee matches “{ $typed }”
note-new-ticket = new ticket { $number } for { $name }: scan it or type it
note-new-ticket-failed = reading the new ticket: { $error }
note-offline-edition = offline: checking in { $edition }, the edition this desk last checked in for event { $event }
note-offline-today = { $why }: checking in { $id } from the offline list
note-no-offline-list = no offline list: { $error }
note-exit-lane = an exit lane now: a scan lets a guest out (EXIT)
note-entry-lane = an entry lane: a scan lets a guest in
note-nothing-to-force = nothing to admit anyway: it answers NOT OPEN YET, CLOSED or FULL
note-nothing-undone = nothing undone: that admission was not in the desk log
note-undo-failed = undo: { $error }
offline-no-event = the event could not be read
warning-no-desk-log = desk log unavailable ({ $error }): admissions kept in memory only
checking-api = checking with the API…
checking-id = checking ticket { $id }…
checking-elsewhere = not in this door's lists: checking other events…
valid-from-list = from the list
valid-from-list-of = from the list of { $time }
walk-in-admitted = walk-in enrolled and admitted · Esc: not admitted
walk-in-enrolled-already = already enrolled, their ticket: { $meaning }
not-recorded = not recorded: { $error }
not-recorded-no-admission = not recorded: the log holds no admission to come back to
lost-ago = { $seconds } s ago
lost-why = { $lane } at { $time }{ $ago }
why-order = order { $order }
undone-exit = exit of { $number } at { $time } undone: inside again
undone-here = admission of { $number } at { $time } undone here — still admitted at { $lane } ({ $lane-time })
undone-admission = admission of { $number } at { $time } undone: not admitted
alert-admitted-twice = { $count ->
        [one] a ticket was admitted at two lanes (found by a replay): F6 lists it
       *[other] { $count } tickets were admitted at two lanes (found by replays): F6 lists them
    }
conflict-line = { $number }  admitted twice: { $first } { $first-time }, { $second } { $second-time }

## The status bar at the desk

status-keys = { $help } help · { $leave } leave
status-api-down = ✖ API unreachable since { $time }
status-list-age = list { $age } old
status-no-list = no list
status-list-unknown-age = list of unknown age
status-offline = ✖ offline · { $age }

## What a desk key does (its help panel)

help-scan = check what is typed; answer yes to a question
help-pick = pick among the attendees a name search lists
help-back = close what is open, clear the input, then the verdict (never leaves)
help-help = help
help-walk-in = walk-in: enroll by e-mail into this edition, then admit
help-name = find an attendee by name
help-last-scans = the last scans
help-twice = the tickets admitted twice (several lanes)
help-refresh = read the tickets again
help-door = the door at a glance: every lane, arrivals, inside (Esc back)
help-exit-lane = exit lane on or off (asks): a scan there lets a guest out
help-undo = undo this desk's latest admission (asks)
help-force = admit anyway outside the door's hours (asks; recorded as forced)
help-clear = clear the verdict
help-leave = leave the desk (asks; the PIN when one is set)

## An API error, as a person reads it (what the server said stays as it said it)

api-network = network error: { $detail }
api-timed-out = timed out: { $detail }
api-auth = authentication refused (HTTP { $status }){ $detail }
api-status = the server answered HTTP { $status }{ $detail }
api-not-applied = not applied: { $why }
unsettled-lost = its answer was lost
unsettled-lost-error = its answer was lost ({ $error })
unsettled-not-sent-again = not sent again: the same write #{ $seq } of { $at }
unsettled-earlier-unknown = not sent again: the same write #{ $seq } of { $at } has no known outcome ({ $why })
unsettled-unlearnt = { $lost }; { $why }
unlearnt-unreadable = cannot read it: { $error }
unlearnt-within = not learnt within { $secs } s: { $error }
unlearnt-once-more = not learnt by reading it once more: { $error }
unlearnt-no-answer = no readable answer

## Questions before a write on many (bulk revoke, enroll from a file)

status-open = open
status-not-confirmed = not confirmed
status-confirmed = confirmed
bulk-revoke-title = Revoke { $count } marked tickets?
bulk-revoking = Revoking { $seen } of { $total }
bulk-revoke-done = Bulk revoke: done
bulk-skip-unenrolled = already unenrolled: skipped
bulk-more = … and { $count } more
bulk-status-count = { $count } { $status }
bulk-not-confirmed = Not confirmed: { $list }.
bulk-revoke-cannot-undo = Each will be unenrolled, one at a time; this cannot be undone.
bulk-now = now
bulk-stopped-revoke = stopped: nothing more is sent; the one in flight ends
bulk-stopped = stopped: nothing more is sent
bulk-left-marked = { $count } left marked
bulk-key-revoke = revoke { $count }
bulk-key-enroll = enroll { $count }
bulk-key-stop = stop after the one in flight
bulk-key-retry = retry the ones left
bulk-key-any = any key
bulk-key-close = close
bulk-enroll-title = Enroll from { $path }
bulk-enrolling = Enrolling { $seen } of { $total }
bulk-enroll-done = Enroll from file: done
bulk-enroll-counts = { $new } new · { $skip } already enrolled · { $bad } invalid lines
bulk-enroll-new = new
enroll-in-ask = Enroll { $who } in { $into } (paid)?
enroll-in-edition = edition { $detail }
enroll-in-sending = ⟳ sending… enrolling { $who } in { $into }
enroll-in-waiting = waiting for the API's answer
enroll-customer-ask = Enroll { $who } <{ $email }> (paid)?
enroll-customer-sending = ⟳ sending… enrolling { $who }
ask-key-yes = yes
ask-key-retry = retry
ask-key-back = back
note-title = Note on { $on }
note-reading = reading the note kept…
note-label = note
note-how = shown at the door beside the verdict; emptied, it is cleared
note-ask-clear = Clear the note on { $on }?
note-keeping = keeping…
note-key-clear = clear it
note-key-keep = keep
enroll-required = required
enroll-not-an-email = not an e-mail address (name@example.com)
enroll-required-type = required (e.g. paid)

## The door at a glance (F7 at the desk)

door-inside = inside
door-admitted = admitted
door-to-come = to come
door-of-valid = { $admitted } of { $valid }{ $percent }
door-moves = exits { $exits } · conflicts { $conflicts } · forced { $forced }
door-as-last-read = { $error } (as last read)
door-busiest = busiest
door-arrived = { $count } arrived
door-now = now
door-arrivals = arrivals per { $minutes } min (UTC, from { $from })
door-col-lane = lane
door-col-admitted = admitted
door-col-last-scan = last scan
door-col-state = state
door-lane-scanning = scanning
door-lane-idle = idle
door-lane-offline = offline

## A store's failure, as a person reads it (a path, a URL and what SQLite,
## PostgreSQL or the system said stay as they are)

store-part-local-store = local store
store-part-desk-log = desk log
store-part-memory-log = desk log in memory
store-part-shared-log = shared log
store-part-offline-list = offline list
store-part-audit-log = audit log
store-part-desk-database = desk database
store-part-tls = TLS for the desk database
store-part-file = file
store-unreachable = the shared log is unreachable
store-unreachable-undo = the shared log is unreachable: only admissions made since can be undone
store-unreachable-rules = the shared log is unreachable: exits, forced admissions, the door's policy and notes need it
store-no-answer = the shared log did not answer within { $ms } ms
store-failed-earlier = the { $part } failed earlier
store-absent = no { $part } on this machine
store-crashed = the local store failed: { $detail }
store-at = { $at }: { $detail }
store-no-host = desk database { $place }: no host
store-cleartext = desk database { $place }: sslmode=disable to a host that is not this machine would send the password in the clear; use sslmode=require
store-db-no-answer = desk database { $place }: no answer within { $ms } ms
store-schema-newer = desk database { $place }: schema { $found } is from a newer boxoffice (this one knows { $knows })
store-schema-older = desk database { $place }: schema { $found }, this boxoffice needs { $needs } (run `boxoffice desk-db init`)
store-keeps-no-forced = this desk log keeps no forced admissions
store-keeps-no-exits = this desk log keeps no exits
store-keeps-no-policy = this desk log keeps no door policy
store-keeps-no-notes = this desk log keeps no notes
store-too-large = id { $id } is too large to keep
store-not-a-move = { $word } is not a move
store-unknown-move = a move { $word }
store-scan-id = scan id { $text }: { $detail }
store-answered = the desk log answered { $said }
store-already-admitted = already admitted: { $desk } at { $time }

## A headless command's failure, as a person reads it on stderr

failure-unknown = outcome unknown ({ $error }); { $hint }
failure-readonly = --readonly: enroll and revoke are refused in desk mode
failure-event = event { $id }
failure-event-named = event { $named } (id { $id })
failure-ticket = ticket { $id }
failure-ticket-numbered = ticket { $id } ({ $number })
failure-not-in = { $ticket } is not in { $event }
failure-not-in-but = { $not-in }; it is a ticket of event { $event }
failure-give-ticket = give a ticket id or number
failure-end-of-many = { $number } is the end of { $count } numbers in { $event } ({ $some }); give the whole number
failure-no-ticket = no ticket { $number } in { $event }
failure-no-ticket-read = no ticket { $number } in { $event } ({ $read })
failure-read = read { $tickets } tickets
failure-read-editions = read { $tickets } tickets of { $editions } editions
failure-unreadable = { $read }; { $count } could not be read
admit-alone = the shared desk log is unreachable ({ $why }): judged offline { $from }
admit-alone-kept = the shared desk log is unreachable ({ $why }): { $number } is admitted on this lane only ({ $lane }), and sent when the log answers again; judged offline { $from }
admit-from-own = from this lane's own admissions only (it has never read the shared log at this event)
admit-from-copy = from this lane's copy of the shared log, read at { $time } UTC{ $ago }, and its own admissions
admit-ago = { " " }({ $seconds } s ago)

## The door's figures (`door watch`, `door stats`)

door-col-rate = /min
age-seconds = { $n } s
age-minutes = { $n } min
age-hours = { $h } h { $min } min
stats-title = The door of { $title } (event { $id }) at { $time } UTC
stats-inside-now = inside now
stats-of-capacity = { $inside } of { $capacity } (capacity)
stats-of-valid = { $admitted } of { $valid } valid
stats-of-valid-percent = { $admitted } of { $valid } valid ({ $percent } %)
stats-still-to-come = still to come
stats-col-from = from
stats-col-arrivals = arrivals
stats-per = (per { $minutes } min, UTC)

## A list's column titles (the TUI's tables; CSV and JSON keep English field names)

col-access = access
col-at-utc = at (UTC)
col-attendee = attendee
col-completed = completed
col-created = created
col-customer = customer
col-date = date
col-dates = dates
col-desk = desk
col-email = e-mail
col-edition = edition
col-enrolled = enrolled
col-event = event
col-id = id
col-items = items
col-location = location
col-ms = ms
col-name = name
col-number = number
col-open-pend-canc = open/pend/canc
col-operation = operation
col-order = order
col-outcome = outcome
col-phone = phone
col-price = price
col-progress = progress
col-rating = rating
col-sold = sold
col-sold-stock = sold/stock
col-state = state
col-status = status
col-stock = stock
col-target = target
col-time = time
col-time-zone = time zone
col-total = total
col-type = type
col-when = when

## The help panel (?): what each key does, its title, the moving keys

key-quit = quit (Ctrl-z suspends, fg resumes)
key-back-root = back (quit at the root)
key-back-filter = back (first clears a filter)
key-palette = command palette
key-refresh = refresh this screen
key-down = down
key-up = up
key-first-row = first row
key-last-row = last row
key-page-down = page down
key-page-up = page up
key-root-tab = tab: Events · Customers · Orders · Products · Courses
key-open-event = open the event
key-filter-name = filter by name
key-sort-next = sort by the next column
key-sort-reverse = reverse the sort
key-enroll-email-first = enroll by e-mail (first available edition)
key-enroll-customer-first = enroll a customer (first available edition)
key-copy-event-name = copy the event's name
key-desk-today = check-in desk (today's edition)
key-tickets-edition = tickets of the edition
key-tickets-main = tickets of the main event
key-enroll-email-selected = enroll by e-mail into the selected edition
key-enroll-customer-selected = enroll a customer into the selected edition
key-desk-selected = check-in desk of the selected edition
key-ticket-detail = ticket detail
key-filter-name-email-number = filter by name, e-mail, number
key-next-tab = next status tab
key-prev-tab = previous status tab
key-status-tab = status tab: 1 all 2 conf 3 unen 4 open 5 pend 6 canc
key-enroll-email = enroll by e-mail
key-enroll-customer = enroll a customer
key-sort-tickets = sort by Number Attendee Mail sTatus Created Price Order
key-mark = mark/unmark, then down
key-mark-all = mark all shown
key-unmark-all = unmark all
key-revoke-marked = revoke the ticket (or all marked)
key-export-tickets = export the tickets shown (:export)
key-copy-ticket-number = copy the ticket number
key-door-note = the door's note (⚑)
key-revoke = revoke the ticket
key-open-line = open what the line names (marked ›)
key-next-line = next line
key-prev-line = previous line
key-top = top
key-bottom = bottom
key-fields-raw = fields / raw JSON
key-open-customer = open the customer
key-search-customers = search name, e-mail, phone (best first)
key-copy-email = copy the e-mail
key-find-tickets = find their tickets in current and upcoming events (again: stop)
key-revoke-line = revoke the ticket on the line
key-tickets-of-event = tickets of that ticket's event or edition
key-enroll-in-event = enroll them in an event (pick event, then edition)
key-copy-line = copy the ticket number on the line, else the e-mail
key-their-note = their door note (⚑)
key-open-order = open the order
key-filter-orders = filter by number, customer, e-mail
key-copy-order = copy the order number
key-open-product = open the product
key-open-course = open the course
key-course-enrollments = the course's enrollments
key-filter-name-email = filter by name, e-mail
key-move = move (also { $keys })
key-everywhere = everywhere
key-title = Keys · { $screen }
key-scroll = { $arrows } more · { $keys } scroll · any other key closes
key-any-closes = any key closes
note-too-long = a note is a line beside a verdict: at most { $max } characters
note-read-failed = the note kept could not be read: { $error }
note-not-kept = not kept: { $error }
failure-hint-safe = it is safe to send it again
failure-hint-unsettled-revocation = the revocation may or may not have been applied: do not send it again before checking with `{ $check }`; `boxoffice audit settle` reads it again
failure-hint-unsettled-enrollment = the enrollment may or may not have been applied: do not send it again before checking with `{ $check }`; `boxoffice audit settle` reads it again
failure-revoke-needs-yes = refusing to revoke without --yes when stdin is not a terminal
failure-revoke-many-needs-yes = refusing to revoke without --yes when it cannot ask (stdin is not a terminal, or is the list)
failure-enroll-many-needs-yes = refusing to enroll without --yes when it cannot ask (stdin is not a terminal, or is the list)

## A list's count, filter and placeholder (the TUI's lists)

noun-tickets = tickets
noun-events = events
noun-editions = editions
noun-customers = customers
noun-orders = orders
noun-products = products
noun-courses = courses
noun-enrollments = enrollments
noun-writes = writes
noun-order-details = order details
noun-customer-details = customer details
noun-product-details = product details
noun-course-details = course details
list-matches = { $count ->
        [one] { $shown } match
       *[other] { $shown } matches
    }
list-enter-tab = Enter opens · Tab keeps
list-esc-clears = Esc clears
list-marked = { $count } marked
list-sort = sort:
list-unreadable = { $count } unreadable
list-loading = loading { $noun }…
list-load-failed = could not load the { $noun }{ $hint }: { $error }
list-no-match-yet = no match yet · { $progress }
list-no-match = no { $noun } match
list-retries = { " " }(R retries)

## The TUI's chrome: the tabs, the path in the title line, the status bar, toasts

tab-events = Events
tab-customers = Customers
tab-orders = Orders
tab-products = Products
tab-courses = Courses
crumb-audit = Audit log
crumb-enrollments = Enrollments
crumb-enrollments-of = Enrollments · { $name }
crumb-order = Order { $number }
crumb-customer = Customer { $name }
crumb-ticket = Ticket { $number }
crumb-door = Door · { $title }
crumb-tickets = Tickets · { $title }
crumb-tickets-main = Tickets · main event
bar-read-only = read-only
bar-in-flight = ⟳ { $count } in flight
bar-last-error = last error: { $error }
bar-keys = { $help } help · { $palette } commands
toast-scan-not-sent = a scan arrived: nothing was sent
toast-scan-at-desk = a scan arrived: nothing done (scan at the check-in desk)
toast-scan-typed = a scan arrived: typed here, its Enter not taken
toast-scan-nothing = a scan arrived: nothing done
toast-scan-after-desk = a scan arrived after the desk was left: nothing done
toast-key-unread = a key came right after the question: not taken as an answer
toast-nothing-to-copy = nothing to copy here
toast-copied = copied { $text }
toast-unmarked = { $count } unmarked
toast-revoked = { $number } revoked: unenrolled
toast-customer-loading = the customer is still loading
empty-events = no events
empty-editions = no editions: t shows the event's own tickets
empty-tickets = no tickets yet (e enrolls someone)
empty-editions-enroll = no editions: Enter enrolls in the event itself
empty-none = no { $noun }
list-namesakes = { " " }· { $count } named { $name }
stock-unlimited = unlimited

## A configuration problem (exit 2), as a person reads it on stderr

config-cannot-read = cannot read { $path }: { $error }
config-business-slug = the business slug { $slug } is not a valid subdomain (letters, digits and '-')
config-api-host = the API host { $host } is not a valid host name
config-profile-no-file = profile { $name } asked for, but { $path } does not exist
config-no-profile = no profile { $name } in { $path } (profiles: { $names })
config-default-profile = default_profile { $name } is not a profile in { $path }
config-key-command-run = cannot run api_key_command: { $error }
config-key-command-failed = api_key_command failed ({ $status })
config-key-command-utf8 = api_key_command printed something that is not UTF-8
config-key-command-empty = api_key_command printed nothing
config-profile-url = profile { $name } needs base_url, or business and api_host
config-business-needs-host = --business needs --api-host
config-host-needs-business = --api-host needs --business
# $hint: config-no-api-profile, or nothing.
config-no-api = no API to talk to: set --base-url (or BOXOFFICE_BASE_URL), --business with --api-host{ $hint }
config-no-api-profile = { " " }or a profile in { $path }
config-no-key = no API key: set BOXOFFICE_API_KEY, or api_key_command in a profile of config.toml
config-no-key-profile = no API key: set BOXOFFICE_API_KEY, or api_key_command (or api_key) in the profile
config-key-no-file = api_key found without a config file
config-readable = config.toml is readable by others; run chmod 600 { $path }
config-concurrency = { $key } = { $n } in profile { $name }: give 1 to { $max } pages at once

## Writes on many (`revoke --from`, `enroll-many`): progress and summary on stderr

bulk-summary = { $done } { $verb } · { $skipped } skipped · { $failed } failed · { $unknown } outcome unknown{ $stopped }
bulk-summary-stopped = { " " }· { $count } not sent (stopped)
bulk-verb-revoked = revoked
bulk-verb-enrolled = enrolled
bulk-end-skipped = skipped ({ $why })
bulk-end-failed = failed: { $why }
bulk-end-unknown = outcome unknown ({ $why })
bulk-end-unknown-revoke = outcome unknown ({ $why }); not learnt by reading it again: check with `boxoffice ticket <id>` or `boxoffice audit settle` before sending again
bulk-not-enrolled = not enrolled: line { $line }: { $email }
bulk-not-revoked = not revoked: { $named }
bulk-dry-enroll = dry run: { $new } to enroll · { $skip } already enrolled · { $bad } invalid lines; nothing was sent
bulk-dry-revoke = dry run: { $revoke } to revoke · { $skip } already unenrolled · { $missing } not found; nothing was sent
bulk-partial-enroll = { $summary }; check with `boxoffice tickets { $event } --all --format csv` before sending again

## `cache clear`, `desk-db` and `desk sync`: what they say to a person

cache-no-place = no cache directory: set XDG_CACHE_HOME or HOME
cache-cannot-remove = cannot remove the cache in { $path }: { $error }
cache-none-in = no offline lists to remove in { $path }
cache-none-for = no offline lists to remove for { $business } ({ $path } is not there)
cache-removed = removed { $path }
desk-db-none = no desk database: give --desk-db postgres://… (or BOXOFFICE_DESK_DB, or desk_db in the profile)
desk-db-created = schema { $to } created
desk-db-there = schema { $to }, already there
desk-db-migrated = schema migrated from { $from } to { $to }
desk-db-unusable = a lane could not work with this database
desk-db-no-conflicts = no conflicts
desk-sync-no-state = no state directory: set XDG_STATE_HOME or HOME
desk-sync-queued = { $count ->
        [one] 1 admission still queued on this machine
       *[other] { $count } admissions still queued on this machine
    }
desk-sync-nothing = nothing queued for this log
desk-sync-sent = { $count } sent, nothing queued
desk-sync-no-answer = (the shared log did not answer: { $error })

## `doctor`: each check's label (what follows it stays as it is)

doctor-api-key = API key
doctor-dns = DNS
doctor-tcp = TCP
doctor-tls = TLS
doctor-base-url = base URL
doctor-clock = clock
doctor-config = config
doctor-desk-log = desk log
doctor-language = language
doctor-profile = profile
doctor-queued = queued
doctor-terminal = terminal

## The detail screens: their titles, loading lines, labels and words

detail-loading = loading { $noun } { $label }…
detail-failed = could not load { $noun } { $id }: { $error }
detail-failed-toast = { $noun }: { $error }
detail-fields = { $crumb } · fields (r: raw JSON)
detail-enter = { $crumb } · Enter: { $what }
detail-raw = raw JSON (r: fields)
detail-raw-beside = raw JSON
link-customer = open customer { $label }
link-order = open order { $label }
link-ticket = open ticket { $number }
link-tickets = tickets of { $title }
record-course = course
record-customer = customer
record-event = event
record-order = order
record-product = product
record-ticket = ticket
# A fact's label (at most 16 columns) or a section's heading.
label-access = access
label-active = active
label-addresses = addresses
label-all-fields = all fields
label-attendee = attendee
label-branch-pickup = branch pickup
label-categories = categories
label-certificate = certificate
label-company = company
label-contacts = contacts
label-created = created
label-customer = customer
label-description = description
label-discussions = discussions
label-domain = domain
label-email = e-mail
label-edition = edition
label-enrollments = enrollments
label-gateway = gateway
label-identification = identification
label-images = images
label-instructors = instructors
label-items = items
label-language = language
label-member-id = member id
label-modules = modules
label-name = name
label-number = number
label-on-completion = on completion
label-order = order
label-orders = orders
label-pay-url = pay URL
label-phone = phone
label-price = price
label-published = published
label-rating = rating
label-recipient = recipient
label-seller = seller
label-shipping = shipping
label-sku = sku
label-source = source
label-status = status
label-subscriptions = subscriptions
label-tax = tax
label-tax-treatment = tax treatment
label-template = template
label-total = total
label-type = type
label-variants = variants
label-who = who
# The event screen's labels (at most 9 columns).
label-dates = dates
label-location = location
label-state = state
label-stock = stock
label-tickets = tickets
# The event screen's counters: the whole words, and shorter ones where
# the whole ones do not fit a line.
tally-confirmed = confirmed
tally-open = open
tally-pending = pending
tally-cancelled = cancelled
tally-total = total
tally-confirmed-short = conf
tally-open-short = open
tally-pending-short = pend
tally-cancelled-short = canc
tally-total-short = total
tally-available = available { $count }
tally-committed = committed { $count }
event-editions = Editions ({ $count })
event-editions-keys = Enter tickets · t main event tickets
event-main-tickets = { $title } (main event)
# A table's cell: where a run stands against today, an event's state.
word-past = past
word-today = today
word-later = later
word-published = published
word-draft = draft
word-inactive = inactive
word-yes = yes
word-no = no
word-none = none
customer-revoking = revoking…
customer-search-failed = search failed: { $error }

## The TUI's error and info toasts

toast-being-revoked = { $number } is being revoked: wait for the answer
toast-revoke-unknown = the revoke of { $number } has no known outcome: reading the ticket again (it is not sent again)
toast-tickets-end-in = { $count } tickets end in { $typed }: type the whole number
toast-read-only-enroll = read-only: enrolling is refused
toast-enroll-from-where = open a tickets list to enroll into it
toast-nothing-to-save = nothing to save here: open a list of tickets
toast-no-saved-filters = no saved filters here: open a list of tickets
toast-nothing-to-export = nothing to export here: open a list of tickets
toast-edition-ended = { $name } ended { $when }: enroll in one still to come
toast-cursor-on-their-ticket = put the cursor on a ticket of theirs

## The command palette (:): what it says of a line it cannot read

palette-empty = empty command
palette-unknown = unknown command: { $line }
palette-not-a-ticket-id = not a ticket id: { $text }
palette-usage = usage: { $usage }
palette-usage-door = usage: :door <id> (an edition's or event's id)

## `desk sync`, `desk-db check`, `audit settle`: what they say to a person

desk-sync-elsewhere = { $count ->
        [one] 1 admission queued on this machine for another log ({ $logs }): a lane or `desk sync` of that log sends it
       *[other] { $count } admissions queued on this machine for another log ({ $logs }): a lane or `desk sync` of that log sends them
    }
desk-sync-log-unknown = unknown
# `desk-db check`: each line's label (in one column), then what it found.
dbcheck-database = database
dbcheck-round-trip = round trip
dbcheck-server = server
dbcheck-schema = schema
dbcheck-privileges = privileges
dbcheck-plain = plain, this machine
dbcheck-ms = { $ms } ms
dbcheck-standby = PostgreSQL { $version }, a standby: read-only, a lane cannot record (point --desk-db at the primary, or at both: postgres://a,b/db?target_session_attrs=read-write)
dbcheck-primary = PostgreSQL { $version }, primary
dbcheck-schema-none = none: run boxoffice desk-db init (as the database's owner)
dbcheck-schema-other = { $found }, this boxoffice knows { $knows }: run boxoffice desk-db init
dbcheck-privileges-ok = SELECT, INSERT, DELETE on { $tables }
dbcheck-privileges-missing = missing: { $missing } (docs/lanes.md has the GRANT)
# `audit settle`: each write's outcome (how it was learnt stays as the
# audit log keeps it) and the summary.
settle-no-audit-log = no audit log on this machine (set HOME or XDG_STATE_HOME)
settle-cannot-tell = cannot tell what it wrote
settle-applied = applied
settle-not-applied = not applied
settle-refused = refused
settle-unknown = unknown
settle-summary = { $applied } applied · { $notapplied } not applied · { $unknown } still unknown
settle-summary-refused = { $summary } · { $refused } refused (held before)

## `revoke` and `enroll-many` on a terminal: the question before the write
## (answered y or yes, in every language) and the line after it

revoke-ask = Revoke ticket { $number } ({ $details }){ $status }?
revoke-ask-status = { " " }— this ticket is { $status }
revoke-not-revoked = ticket { $number } not revoked
revoke-already-unenrolled = ticket { $number } is already unenrolled; nothing to revoke
revoked-ticket-number = revoked ticket { $number } (id { $id }){ $learnt }
revoked-ticket = revoked ticket { $id }{ $learnt }
revoke-many-ask = Revoke { $count } tickets ({ $first }{ $more })?
revoke-many-more = , and { $count } more
revoke-nothing-revoked = nothing revoked
enroll-many-ask = Enroll { $count } people in event { $event } ({ $type })?
enroll-many-nobody = nobody enrolled
ask-cannot-read = cannot read the answer: { $error }

## config.toml that does not read as TOML (what the parser said stays as it said it), and how api_key_command ended

config-not-toml = { $path }: { $error }
config-toml-at = { $place } { $error }
config-key-command-signal = a signal
config-key-command-exit = exit code { $code }
toast-revoke-of = revoke of { $number }
toast-revoke-outcome-unknown = { $what }: outcome unknown ({ $error }) — not sent again; x on it reads the ticket again
toast-outcome-unknown = { $what }: outcome unknown
toast-ticket-is = { $number } is { $status }
toast-ticket-status-unknown = { $number } is of unknown status
toast-the-ticket-is = the ticket is { $status }
toast-the-ticket-status-unknown = the ticket is of unknown status
toast-enrolled = enrolled { $who } in { $target }
toast-event-ended = { $name } ended { $when }: no edition left to enroll in
toast-revoke-cancelled = revoke cancelled
toast-export-cancelled = export cancelled
toast-bulk-revoke-cancelled = bulk revoke cancelled
toast-bulk-enroll-cancelled = enroll from file cancelled
toast-note-not-changed = note not changed
enroll-outcome-unknown = outcome unknown ({ $error }) — not sent again; Enter reads the tickets again
word-billing = billing
word-shipping = shipping
customer-tickets-in-lists = in the lists loaded (f: search current and upcoming events)

## Finding a ticket or a customer's tickets in the current and upcoming events

find-finding-events = finding the current and upcoming events
find-events-read = { $done } of { $total } events and editions
find-tickets-read = { $events } · { $count } tickets read
find-unread = { " " }· { $count } could not be read
find-not-found = { $number } not found in the current and upcoming events ({ $progress })
find-could-not-read = ; could not read { $error }
find-stopped = search for { $number } stopped
find-failed = finding { $number }: { $error }
find-title = Finding { $number }
find-not-in-lists = not in the lists loaded: reading current and upcoming events
find-key-stops = stops the search
customer-searching = ⟳ { $progress } · f stops
customer-search-stopped = search stopped at { $progress }
customer-searched = searched { $progress }
customer-search-first-error = { " " }(first: { $error })
toast-already-unenrolled = { $number } is already unenrolled
toast-no-status-tickets = no { $status } tickets here
toast-no-such-tickets = no such tickets here
toast-view-saved = saved as { $name } (:filters lists them)
toast-view-not-saved = not saved: { $error }
list-from-ago = list from { $age } ago
toast-note-none-written = no note written
toast-note-unchanged = the note is unchanged
toast-note-cleared = cleared: the note on { $title }
toast-noted = noted: { $title }: { $text }
enroll-first-available = { $title } (first available edition)

## `enroll`'s line on stderr (where it landed: the edition as the API names it)

enrolled-customer = enrolled customer { $customer } in { $edition } ({ $type }){ $after }{ $learnt }
enrolled-person = enrolled { $email } ({ $name }) in { $edition } ({ $type }){ $after }{ $learnt }
enrolled-event = event { $id }
enrolled-ticket = : ticket { $number }
enrolled-ticket-unread = ; its ticket could not be read to name its edition ({ $why })

## A list's progress while it streams in or is read again

list-progress-loading = ⟳ loading…
list-progress-pages = ⟳ loading { $done }/{ $total } pages · { $count }
list-progress-pages-of = ⟳ loading { $done }/{ $total } pages · { $count } of { $all }
list-refreshing = ⟳ refreshing{ $pages }
list-refresh-pages = { " " }{ $done }/{ $total } pages
list-unreadable-record = unreadable: { $what }
list-reread-failed = reading the { $noun } again failed: { $error }; the list shown is from before

## The pickers (enroll a customer, enroll in an event)
picker-customer-title = Enroll a customer
picker-event-title = Enroll in an event
picker-filter = filter
picker-enroll = enroll
picker-in = in
picker-count = { $shown } of { $total } { $noun }
picker-key-type = type
picker-key-filter = filter
picker-key-move = move
picker-key-pick = pick
picker-key-cancel = cancel
picker-key-back = back
picker-failed-refused = ✗ { $error }  (Esc back)
picker-failed = ✗ { $error }  (y retries, Esc back)
picker-event-ended = this event has ended ({ $dates }): pick one still to come
picker-edition-ended = this edition has ended ({ $ended }): pick today's or a later one
picker-itself = the event itself

## A bulk run's item ends and counts, as the staff reads them
bulk-why-already-enrolled = already enrolled
bulk-why-already-unenrolled = already unenrolled
bulk-why-listed-twice = listed twice
bulk-why-not-csv = not a CSV line
bulk-why-needs-names = needs a name and a last name
bulk-why-not-email = { $text } is not an e-mail address
bulk-why-line = line { $line }: { $why }
bulk-why-not-applied = not applied: { $was }read again: { $how }
bulk-why-read = read { $what }: { $status }
bulk-why-read-ticket = read ticket { $id }: { $status }
bulk-no-people = no people in { $path } (email,name,last name a line)
bulk-part-done = { $count } { $verb }
bulk-part-skipped = { $count } skipped
bulk-part-failed = { $count } failed
bulk-part-unknown = { $count } outcome unknown
bulk-part-not-sent = { $count } not sent (stopped)
bulk-part-waiting = { $count } waiting

## The export prompt
export-title = Export { $count } { $noun }
export-file = file
export-how = CSV (a .json name: JSON); the rows as shown, in order
export-type-name = type a file name
export-exists = { $path } exists: y overwrites it
export-writing = writing…
export-key-overwrite = overwrite
export-key-rename = change the name
export-key-write = write
export-done = exported { $count } { $noun } to { $path }
export-cannot-write = cannot write { $path }: { $error }

## A screen named by an id until its record is read
crumb-event-id = event { $id }
toast-internal-error = internal error in a background task: { $text } (the app goes on)

## The rarer failures of a command
failure-cannot-write-output = cannot write the output: { $error }
failure-desk-log = the desk log failed: { $error }
failure-desk-log-not-kept = not kept: the desk log failed: { $error }

## `config init` and `config pin`
config-init-writing = Writing { $path } (the key itself is never asked for nor written).
config-init-ask-business = Business slug (the SLUG of https://SLUG.api-host), or the API's full base URL:
config-init-ask-api-host = API host that business subdomains live under (e.g. api.example.com):
config-init-ask-key-command = Command that prints the API key, e.g. a password manager's `pass show storefront/shop`
config-init-ask-key-command-empty = (empty: the key comes from BOXOFFICE_API_KEY):
config-init-ask-pin = Desk PIN, asked to leave the check-in desk, at least { $min } characters
config-init-ask-pin-how = ({ $shown }; only its hash is written; empty: none):
config-init-again = { $problem }; again:
config-echo-hidden = not shown as typed
config-echo-shown = it shows as typed
config-init-no-answer = no business given: answer the questions, or give --business and --api-host (or --base-url)
config-init-profile-one-line = a profile name is one line of text
config-init-business-needs-host = --business needs --api-host
config-init-host-needs-business = --api-host needs --business
config-init-key-command-one-line = api_key_command is one line
config-init-cannot-ask = cannot ask: { $error }
config-init-already-there = { $path } is already there and was left as it is; `boxoffice config init --force` replaces it
config-init-wrote = wrote { $path } (profile { $profile }, mode 0600)
config-init-wrote-no-key = the key: set BOXOFFICE_API_KEY, or add api_key_command to the profile
config-init-wrote-pin = the desk's PIN: its hash is under [desk] (the PIN itself is nowhere)
config-init-next = next: boxoffice doctor
config-pin-too-short = a desk PIN has at least { $min } characters
config-pin-ask = The desk's PIN ({ $shown }; only its hash is printed):
config-pin-cannot-read = cannot read the PIN: { $error }

## config.toml's mistakes, one a line: the [desk] rules, the theme, [keys.*] (names, keys and places as the file writes them)
config-file-line = { $place }: { $what }
config-desk-verdict-seconds = [desk] verdict_seconds = { $value }: give 1 to 60
config-desk-undo-minutes = [desk] undo_minutes = { $value }: give 1 to 240
config-desk-pin-hash = [desk] pin_hash: not a hash `boxoffice config pin` wrote (the PIN itself is never written here)
config-theme-unknown = theme { $name } is not one of { $themes }
config-keys-no-screen = [keys.{ $name }]: no such screen (screens: global, { $screens })
config-keys-no-action = { $name } is not an action (actions: { $actions })
key-not-a-key = { $key } is not a key
key-ctrl-one = { $key }: Ctrl- takes one letter or sign, as in Ctrl-l
key-unknown = { $key } is not a key (one character, or Enter Esc Tab Shift-Tab Space Up Down Left Right PgUp PgDn Home End F1..F12 Ctrl-x)
rebind-no-key = { $place } { $action }: give at least one key
rebind-ctrl-z = { $place } { $action }: Ctrl-z suspends the app (fg resumes it) and cannot be bound
rebind-fixed = { $place } { $action }: its keys cannot be changed (the key itself says which)
rebind-quit-scope = { $place } quit: quit works everywhere, set it under [keys.global]
rebind-quit-key = [keys.global] quit = { $key }: quit must be a Ctrl- or F-key, which no text field takes
rebind-desk-printable = [keys.desk] { $action } = { $key }: the desk's input takes every letter, digit and sign a scanner types; use an F-key, a Ctrl- key or Enter/Esc/arrows
rebind-not-global = [keys.global] { $action }: not a global action; set it under the screen it belongs to (global: { $actions })
rebind-not-on-screen = { $place } { $action }: not an action of the { $screen } screen (its actions: { $actions })
rebind-clash-default = { $key } on the { $screen } screen is bound to both { $set } and { $other } (its default); give one of them another key
rebind-clash-line = { $key } on the { $screen } screen is bound to both { $set } and { $other } (line { $line }); give one of them another key
rebind-no-screen = no [keys.{ $screen }] screen

## `export`'s lines on stderr (the file itself is the same in every language)
export-cmd-done = exported { $counts } to { $path }
export-cmd-no-records = no records
export-cmd-count = { $count } { $section ->
   *[other] { $noun }
}
export-cmd-progress = export: { $count }
export-cmd-progress-total = export: { $count } ({ $total } records)
export-cmd-interrupted = interrupted: { $path } not written
export-cmd-skipped = warning: skipped { $what }
export-cmd-left-out = warning: { $section } { $id } left out: { $message }
export-cmd-cannot-write = cannot write the export: { $error }
export-cmd-not-a-file-name = { $name } is not a file name

## Saved filters (`:save`, `:filters`): the picker, and a file that cannot be read or written
views-title = Saved filters
views-reading = reading…
views-key-apply = apply
views-key-other = any other key
views-key-close = close
views-none-yet = no saved filters yet: :save <name> keeps the one shown
tab-all = all
tab-unenrolled = unenrolled
views-sort = sort: { $column } { $arrow }
views-unreadable = { $path } cannot be read: { $error }
views-cannot-read = cannot read { $path }: { $error }
views-cannot-write = cannot write { $path }: { $error }
views-no-state-dir = no state directory on this machine (HOME unset)

## `config show`: its labels and what they say (names, paths and values as they are); and no place for the file
config-no-place = no place for config.toml: set XDG_CONFIG_HOME or HOME
show-config-file = config file
show-profile = profile
show-base-url = base URL
show-api-key = API key
show-concurrency = concurrency
show-timeout = timeout
show-bell = bell
show-desk-log = desk log
show-theme = theme
show-keys = keys
show-file-no-path = none (no XDG_CONFIG_HOME or HOME)
show-file-missing = { $path } (not there; `boxoffice config init` writes one)
show-file-private = { $path } (private)
show-file-readable = { $path } (readable by others: chmod 600 it)
show-file-invalid = { $path } (not valid: { $error })
show-none = none
show-no-base-url = <none: { $error }>
show-invalid = <invalid: { $error }>
show-from = from { $name }
show-from-profile = from profile { $name }
show-from-default-profile = from default_profile in the config file
show-implicit-profile = the profile called default, or the only one
show-default = default
show-key-env = <set, from BOXOFFICE_API_KEY>
show-key-command = <set, from api_key_command of profile { $profile }>
show-key-file = <set, from api_key of profile { $profile }>
show-key-file-not-private = <refused: api_key of profile { $profile } is in a file readable by others>
show-key-not-set = <not set>
show-seconds = { $seconds } s ({ $source })
show-on = on
show-off = off
show-theme-flag = { $name } (from --theme)
show-theme-file = { $name } (from the config file)
show-theme-default = { $name } (default)
show-keys-default = the defaults (`?` in the TUI lists them)
show-keys-rebound = { $count } action(s) rebound in the config file ([keys.*])

## A headless command's rarer lines: no state directory, a bad argument, a file that cannot be read or written, the demo sandbox, `door watch` without a terminal
failure-no-state-dir = no state directory: set XDG_STATE_HOME or HOME
failure-no-state-dir-audit = no state directory (set HOME or XDG_STATE_HOME)
failure-event-needs-id = --event needs an event id or hash
failure-ticket-id-too-large = { $text } is too large for a ticket id
failure-cannot-read-from = cannot read { $what }: { $error }
failure-at-line = line { $line }: { $error }
failure-no-people = no people in { $from }
failure-customer-id = { $text }: a customer is customer:ID, its id
failure-cannot-write-file = cannot write { $path }: { $error }
failure-cannot-write-bare = cannot write: { $error }
failure-config-read-failed = reading the configuration failed: { $error }
failure-demo-sandbox = cannot start the demo sandbox: { $error }
failure-door-watch-id = door watch takes the edition's (or event's) id, not { $given }
failure-door-watch-terminal = door watch needs a terminal; use door stats

## `doctor`: what each check found (names, addresses, paths and what a server or the system said as they are)
doc-demo-config = not used (--demo: the embedded sandbox)
doc-demo-profile = not used (--demo)
doc-skip-no-base-url = not checked: no base URL
doc-not-checked = not checked
doc-desk-log-ok = { $db } ({ $source }): schema { $schema }, a lane's privileges
doc-queued-none = no admission queued on this machine
doc-queued-any = any
doc-queued-for = { $count } for { $log }
doc-queued = { $count ->
    [one] { $count } admission
   *[other] { $count } admissions
} queued on this machine for the shared log ({ $logs }): `boxoffice desk sync` of that log sends them
doc-config-private = { $path }, private (0600)
doc-config-readable = { $path } is readable by others; run chmod 600 { $path }
doc-config-invalid-unused = { $error } (not used now, but every run without BOXOFFICE_BASE_URL reads it)
doc-config-none-needed = no { $path }; not needed, the base URL and key come from flags or the environment
doc-config-none = no { $path }; run `boxoffice config init`, or set BOXOFFICE_BASE_URL and BOXOFFICE_API_KEY
doc-profile-none = none in use
doc-no-key = no API key: set BOXOFFICE_API_KEY, or api_key_command in the profile (boxoffice config init)
doc-key-readable = { $path } holds api_key and is readable by others; run chmod 600 { $path }
doc-skip-url-refused = not checked: the base URL is refused
doc-url-plain = plain http, allowed to loopback only
doc-skip-no-host = not checked: the host was not found
doc-skip-no-connection = not checked: no connection
doc-skip-no-key = not checked: no API key to ask with
doc-tls-plain = plain http to loopback
doc-tls-ok = handshake and certificate accepted
doc-tls-none = no HTTPS answer: { $why }; check the host name, the certificate, or a proxy
doc-key-ok = accepted (GET /events?limit=1 answered in { $ms } ms)
doc-key-refused = authentication refused (HTTP { $status }): the API key was not accepted; check BOXOFFICE_API_KEY or the profile's api_key_command (boxoffice config show)
doc-key-no-answer = not checked, no answer: { $error }
doc-key-failed = GET /events?limit=1 failed: { $error }
doc-dns-no-address = { $host } has no address
doc-dns-literal = not needed: { $host } is an address
doc-dns-ok = { $host } → { $first } ({ $count } address(es))
doc-dns-failed = cannot find { $host } ({ $error }); check the business slug and API host, or the network
doc-dns-timeout = no answer for { $host } within { $secs } s; check the network
doc-tcp-ok = connected to { $addr }
doc-tcp-timeout = { $addr }: no answer within { $secs } s
doc-tcp-failed = cannot connect ({ $last }); check the network, a firewall or a proxy
doc-clock-no-date = the server sent no Date header
doc-clock-ok = within { $off } s of the server's
doc-clock-ahead = { $off } s ahead of the server's; set this machine's time (NTP): today, past and upcoming at the desk depend on it
doc-clock-behind = { $off } s behind the server's; set this machine's time (NTP): today, past and upcoming at the desk depend on it
doc-term-not = not a terminal (stdout is redirected); run doctor in the terminal the TUI will use
doc-term-small = smaller than { $size }: enlarge the window
doc-term-size-hint = { $size } (80×24 or more shows every column)
doc-term-no-size = its size cannot be read
doc-term-no-colour = no colours (NO_COLOR)
doc-term-24bit = 24-bit colour
doc-term-256 = 256 colours
doc-term-basic = basic colours
doc-term-dumb = TERM=dumb cannot draw the TUI: set TERM (e.g. xterm-256color)
doc-term-not-utf8 = the locale ({ $locale }) is not UTF-8: names in other scripts will not show; set LANG=C.UTF-8
doc-term-locale-unset = unset

## `note` (a door's notes) and `tickets --status`; a ticket being revoked in the tickets list
cmd-note-nothing-to-clear = nothing to clear: no note on { $who }
cmd-note-cleared = cleared: the note on { $who }
cmd-note-noted = noted: { $who }: { $text }
cmd-note-empty = an empty note: give its text, or --clear to remove one
cmd-note-too-long = a note is a line beside a verdict: at most { $max } characters
cmd-tickets-bad-status = --status: { $status } is not a status
tickets-revoking = revoking…

## A list's or a search's records that could not be read (what was wrong as the reading said it); more refusals of a list of tickets and of a note
warn-skipped = warning: skipped { $what }
warn-flawed = warning: { $what } (kept; the field is printed as sent)
failure-not-a-ticket-number = { $number } is not a ticket number
failure-no-tickets-in = no ticket ids or numbers in { $from }
cmd-note-on = { $text }: a note is on a ticket (its id or number) or customer:ID

## `tickets --admitted` without a desk log on this machine
warn-no-desk-log = warning: no desk log on this machine for { $business }; the admitted column is empty

## A write the desk log refused (what the store said, in the language)
failure-not-kept = not kept: { $error }

## A file of this machine that cannot be read (`:enroll-from`)
file-cannot-read = cannot read { $path }: { $error }
