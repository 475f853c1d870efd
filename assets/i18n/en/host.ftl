# What `parlor host` tells its guests (src/host/, src/shared_table/): refusals at the door,
# farewells, what a shared table tells everyone at it, and the browser page's own words.
# The host's console and log stay English and are not here. "parlor: " before a line is
# the program's name, as "ssh: " is, and is not part of a message.

## Names

name-banned = the name { $name } is banned here
key-banned = this key is banned here
name-taken = the name { $name } belongs to another key or browser: come in with yours, or choose another name
names-per-key = this key or browser holds { $most } names already, its most: come in under one of them
names-from-source = too many new names came from your address this hour: come in under a name you hold, or later
names-book-full = this parlor's book of names is full: come in under a name you hold, or ask the host
name-invalid = '{ $name }' cannot be a name here: 1 to { $most } letters, digits, - or _
name-mixed-scripts = '{ $name }' cannot be a name here: its letters are of more than one alphabet (as Latin and Cyrillic), and could pass for another name
name-with-hint = { $refusal }: ssh -p { $port } NAME@host
browser-secret-invalid = your browser's secret for a name must be 32 to 128 letters, digits, - or _

## The door

parlor-full = the parlor is full: every place is taken. Try again later.
address-full = your address has { $count } guests in the parlor already, the most one address may: try again when one leaves
no-one-came-in = no one came in on this connection
no-session = no session to open the parlor in
needs-terminal = the parlor needs a terminal: ssh -t -p { $port } { $name }@host ... (or, in lines for a screen reader, ssh -p { $port } { $name }@host plain)
already-open = the parlor was already open on this channel
could-not-open = the parlor could not open: { $why }

## Invitations

invite-missing = this page has no invitation in its address: ask the host for a link
invite-unknown = this invitation is not one of this parlor's (or the parlor has restarted since): ask the host for a new link
invite-expired = this invitation has expired: ask the host for a new link
invite-used = this invitation was for one visit, and it has been used: ask the host for another
browser-late = you did not sit down within { $lasting }
browser-no-hello = your browser's first message is not a parlor's hello: { $why }
browser-left = you left the parlor

## A guest's command (ssh HOST COMMAND)

not-the-parlors = only the parlor runs here: `play GAME [flags] [--table NAME]` sits you at a table, `join NAME` at a friend's, `plain` opens the lobby in lines (for a screen reader), and plain `ssh` opens the parlor's lobby
plain-not-served = play --plain is not served here: `plain` opens the parlor's lobby and shared tables in lines
data-dir-hosts = --data-dir is the host's to choose: your games are kept under your name
seed-at-shared-table = --seed and --code are not taken at a shared table: whoever knows a table's seed can work out every hidden card. The table draws its own, shown when the game is over.
opens-no-table = `{ $command }` opens no shared table

## Farewells

idle-farewell = nothing was typed for { $lasting }, so your seat was given up
host-closed = the host closed the parlor
sent-away = the host sent you away
left-invited-table = your invitation was to the table { $table }, and you left it: open the link again to go back to it
went-wrong = something went wrong, and the parlor closed
screen-failed = the screen failed: { $why }
line-failed = the line failed: { $why }
parlor-closed = the parlor closed
guest-dir-called = your folder on the host

## The language (lang en, lang sv)

# Said in the language just chosen: each language names itself.
language-now = The parlor speaks English now.
language-usage = lang en: English; lang sv: svenska (Swedish).

## Shared tables

table-none = there is no table { $table } on this server
table-name-taken = the table { $table } is taken: choose another name
tables-full = this server has { $count } tables open already, its most
table-name-bad = a table's name is 1 to { $most } letters, digits, '-' or '_'
table-already-there = { $name } is at this table already
table-not-opened = the table could not be opened: { $why }
tables-each = you have { $count } tables open already, the most one person may
table-not-invited = your invitation is to the table { $table } only
table-not-set-up = the new table could not be set up: { $why }
phase-waiting = waiting
phase-playing = playing
phase-over = over
turn-ran-out = { $name }'s { $seconds } s ran out: their seat's bot played the turn
turns-ran-out = { $name } let { $count } turns in a row run out: their seat's bot plays on until they join the table again
result-not-kept = your result was not kept: { $notice }
ended-untouched = nobody played at the table { $table } for { $lasting }
ended-all-left = everyone left the table { $table }
ended-by-host = the host closed the table { $table }
ended-recorded = { $why }; the game was recorded as abandoned

## The browser page (index.html and parlor.js)

page-tagline = Folk dice and card games, at a friend's table.
page-name = Your name at the table
page-name-hint = Letters, digits, - or _. This browser keeps the name for you: another browser cannot take it.
page-reader = Screen reader: the parlor in lines of text, not drawn
page-sit = Sit down
page-lines-title = parlor, in lines
page-log-title = What was said
page-command = Your command (? for the keys)
page-send = Send
page-needs-script = The parlor needs JavaScript to draw its tables.
page-left = You left the parlor.
page-lost = The connection to the parlor was lost.
page-no-invitation = This page needs an invitation: ask the host for a link.
page-no-screen = The parlor's screen could not load:
