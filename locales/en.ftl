# boxoffice's words in English: the source every other catalogue follows.
# Every message here exists in each catalogue, with the same arguments
# (src/i18n/tests.rs). How to add a language: docs/configuration.md.

## Numbers and dates

# Between groups of three digits: 79,870.
number-group = ,
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
