# The line mode (`--plain`, and a guest's lines at a shared parlor): what it says itself,
# for a screen reader or a script. Words, not symbols: no brackets or bars in a line.
# `name` is a seat's name ("You" for the one at this screen), `title` a game's title,
# `settings` the table's settings in words: "5 players, 3 lives each".

## A game of one's own

# The line a game begins on. `games` is how many are played in a row (1: not said),
# `game` which this is; `seeded` is "yes" when the player gave the seed, so it may be said.
lines-game-header = { $title }{ $games ->
        [one] {""}
       *[other] {" "}game { $game } of { $games }
    }: { $settings }{ $seeded ->
        [yes] , seed { $seed }
       *[no] {""}
    }.
lines-daily-header = The daily deal of { $day }: { $title }, { $settings }.
lines-daily-practice = Practice: today's deal counted already.
lines-game-abandoned = Game abandoned.
# How long a finished game took; `rounds` is 0 for the games that have none.
lines-game-took = The game took { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    }{ $rounds ->
        [0] .
        [one] {" "}over 1 round.
       *[other] {" "}over { $rounds } rounds.
    }
# `seed` and `code` are written as they are typed back (`--seed`, `--code`).
lines-seed-and-code = Seed: { $seed }, game code: { $code }

# The whole table after a turn: every seat, then "; " between seats. `statuses` is the
# seat's marks (dealer, out) joined by ", ", or empty.
lines-seat-holding = { $name }: { $holding }
lines-seat-holding-status = { $name }: { $holding }, { $statuses }

## Cards said to the one who holds them

lines-your-card = { $name }, your card is the { $card }.
lines-your-card-now = { $name }, your card is now the { $card }.

## A decision

# The question, the answer typed after it on the same line. `choices` is each choice's
# key and label, `first` the key Enter alone stands for.
lines-your-move = { $name }, your move: { $choices }. Enter for { $first }, ? for help, q to quit
# After an answer that picks nothing; `keys` lists the keys, `count` the numbers.
lines-type-key = Type one of { $keys }, ? for help, or q to quit.
lines-type-number = { $count ->
        [one] Type 1
       *[other] Type a number from 1 to { $count }
    }, ? for help, or q to quit.
lines-help-intro = Type one of these, then Enter:
lines-help-enter = Enter alone: the first, { $label }
lines-help-odds = o: the odds, in words
lines-help-odds-daily = o: the odds, not given in the daily deal
lines-help-holdings = h: everyone's holdings and marks
lines-help-again = ?: these answers again
lines-help-quit = q: leave the game, it counts as abandoned
lines-no-odds-daily = No odds in the daily deal: it is played on your own judgement, the same for everyone.

## The odds in words

# `what` is the chance's goal in words ("to win the match"); `chances` each seat's
# chance, "Ana 41.7%", joined by ", "; `tie` is "yes" when a tie counts for each sharer.
lines-odds-exact = Odds, exact: the chance { $what }{ $tie ->
        [yes] , a tie counting for each who shares it
       *[no] {""}
    }: { $chances }.
# `error` is the sampling's standard error as a percentage.
lines-odds-sampled = Odds, estimated from sampled play, give or take { $error }: the chance { $what }{ $tie ->
        [yes] , a tie counting for each who shares it
       *[no] {""}
    }: { $chances }.
lines-odds-seat = { $name } { $chance }
# Forty-One: setting down the die `face`, its chances and points on average; `best` is
# "yes" for the best face by the chance of winning the round.
lines-odds-face = If you set down the { $face }: { $qualify } to qualify, { $points } points on average, { $beat } to beat the score to beat, { $win } to win the round{ $best ->
        [yes] , the best.
       *[no] .
    }
lines-odds-chase = The chance you end lowest and lose a life, lower is better: { $keep } if you keep, { $change } if you change.

## A guest of a shared parlor

lines-goodbye = Goodbye.
# `games` lists the games' ids, `count` how many there are.
lines-lobby-keys = In the lobby: a table's number, or join NAME, sits at it or watches it; new GAME opens a table, games: { $games }, or 1 to { $count }, with the flags of play GAME after it if you like, as in new lcr --players 3 --speed 0; l lists the tables again; brief or full sets what is said of the table after each turn; lang sv or lang en the language; q leaves the parlor.
lines-table-keys = At a table: on your turn, a choice's key or number, Enter for the first; h says everyone's holdings; t whose turn it is; s starts the game, if you opened the table; brief says the holdings that changed after each turn, full the whole table; leave goes back to the lobby; q leaves the parlor.
lines-now-brief = After each turn: the holdings that changed.
lines-now-full = After each turn: the whole table.
lines-which-game = Which game? new lcr, new forty-one, and so on, or new 1 to new { $count }.
lines-no-such-table = There is no table { $number }.
# `why` is the host's refusal, in the host's words.
lines-refused = Refused: { $why }.
lines-lobby-empty = The lobby: no tables are open. Type new lcr, or another game, to open one, ? for the keys.
lines-lobby = The lobby: { $tables ->
        [one] 1 table
       *[other] { $tables } tables
    } open. Type a number to sit or watch, new GAME to open one, ? for the keys.
lines-lobby-numbered = { $number }. { $table }
# A table of the lobby: `phase` is waiting, playing, over; `people` those at it joined by
# ", " (or lines-nobody), `open` its open seats, `watchers` those watching.
lines-listing = { $name }: { $title }, { $phase }, { $people }{ $open ->
        [0] {""}
        [one] {" "}and 1 open seat
       *[other] {" "}and { $open } open seats
    }{ $watchers ->
        [0] {""}
       *[other] , { $watchers } watching
    }
lines-nobody = nobody
lines-table-opened = Table opened: { $table }
lines-table-moved-on = Table { $name } is { $phase }.
lines-table-closed = Table { $name } closed.
lines-list-again = Type l for the list with its numbers.
lines-greet-seat = You sit in seat { $seat } at the table { $table }: { $title }, { $settings }. ? for the keys.
lines-greet-watch = You watch at the table { $table }: { $title }, { $settings }. ? for the keys.
lines-waiting-seat = seat { $seat } { $name }
lines-table-waits = The table waits: { $seats }.
lines-start-hint = Type s to start the game: bots take the open seats.
lines-no-longer-at-table = You are no longer at the table { $table }.
lines-game-starts = The game starts: { $names }.
lines-seat-open-again = Seat { $seat } is open again.
lines-sits-in-seat = { $name } sits in seat { $seat }.
lines-seat-renamed = Seat { $seat } is now { $name }.
lines-clock = You have { $seconds ->
        [one] 1 second
       *[other] { $seconds } seconds
    } to play each turn.
# `why` is the host's reason, in the host's words.
lines-table-ended = The table ended: { $why }
lines-recorded = The game is in your record. Type leave for the lobby.
lines-your-turn = Your turn.
lines-you-leave = You leave the table { $table }.
lines-guest-your-move = Your move: { $choices }. Enter for { $first }
lines-guest-type-key = Type one of { $keys }, or ? for the keys.
lines-guest-type-number = { $count ->
        [one] Type 1
       *[other] Type a number from 1 to { $count }
    }, or ? for the keys.
lines-not-started = The game has not started.
lines-it-is-your-turn = It is your turn.
lines-game-over = The game is over.
lines-whose-turn = It is { $name }'s turn.
lines-chance-decides = The dice or cards decide.
