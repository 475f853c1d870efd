# The full screen's own words: the menu, the table's chrome, the panels over it, notices.
# A `who` is "you" for the seat spoken to, "one" for another; `name` is the seat's name.

menu-intro = Folk dice and card games. Pick a game:
menu-daily = Today's deal
menu-daily-tagline = Forty-One, the same dice for everyone today; you against the expert
menu-settings = Settings
menu-settings-tagline = Theme, ASCII, pace, mouse, bell, your name, bot levels

too-small = Enlarge the terminal to at least { $width } x { $height } (now { $now_width } x { $now_height })

overlay-help-title = Help (↑↓ scroll, any other key closes)
overlay-rules-title = Rules (↑↓ scroll, any other key closes)
confirm-quit-title = Quit?
confirm-quit = Quit the parlor? This game counts as abandoned.
confirm-leave-title = Leave this game?
confirm-leave = Back to the menu? This game counts as abandoned.
confirm-leave-shared-title = Leave the table?
confirm-leave-shared = Back to the tables? A bot plays your seat until you join again.
confirm-quit-shared = Leave the parlor? A bot plays your seat until you join again.
confirm-leave-lobby-title = Leave?
confirm-leave-lobby = Leave the parlor?
confirm-new-game-title = New game?
confirm-new-game = Deal a new game? This one counts as abandoned.
confirm-keys = y yes    any other key: keep playing

table-log = Log
table-log-scrolled = Log (↑{ $scroll }, PgDn for newest)
table-rolling = { $who ->
    [you] You roll…
   *[other] { $name } rolls…
    }
table-rolled = { $who ->
    [you] You rolled
   *[other] { $name } rolled
    }
table-opening-hint = { $tagline }. Your turn's choices are below the table; { $rules } shows the rules, { $help } every key.

status-table-opened = Table { $table }: friends join it from the tables; Enter starts, bots in open seats
status-table-waiting = Table { $table }: waiting for its creator to start
status-handover = Hand the keyboard over
status-peek = { $name }: your new card is on the table · Enter hides it
status-paused = Paused: { $pause } to resume, { $step } to step one move
status-held = Any key: go on
status-showing = Any key: skip to now
status-to-roll = { $who ->
    [you] { $name } to roll
   *[other] { $name } to roll
    }
status-deciding = { $who ->
    [you] You are deciding…
   *[other] { $name } is deciding…
    }

# The header's parts: the pace, the daily deal, a shared table's clock, a replay's place.
header-bots-instant = bots instant
# $seconds: a decimal, written as the language writes it.
header-bots-speed = bots { $seconds } s a move
header-daily = daily deal { $day }
header-clock = { $who ->
    [you] your turn: { $left } s left
   *[other] { $name }'s turn: { $left } s left
    }
header-seed = seed { $seed }
# $state: "playing" or "stopped".
header-replay = REPLAY step { $at } of { $last }, { $state ->
    [playing] playing
   *[stopped] stopped
    }
header-watching = WATCHING
header-paused = PAUSED
header-auto = AUTO

game-over-title = Game over
game-over-seed = Seed: { $seed }
game-over-code = game code: { $code }
game-over-copied = (copied to the clipboard, where the terminal allows)

handover-title = Your turn
handover-pass = Pass the keyboard to { $name }.
handover-press-enter = { $name }: press Enter when only you can see the screen.

notice-abandoned = the game in play was recorded as abandoned
notice-abandoned-replay = the game in play was recorded as abandoned; its replay is { $path }
notice-no-longer-at-table = you are no longer at the table { $table }
notice-no-odds-in-daily = odds and hints are off in the daily deal: its review has them, once it is over

# The lobby of a shared parlor's full-screen guests. The column heads fit 14, 15, 5, 8 and
# 8 columns.
lobby-title = parlor: the tables on this server
lobby-new-table = A new table, you at seat 1 and the others open. Its game:
lobby-no-tables = No tables are open yet: n opens one for friends to join.
lobby-enter = Enter sits you at the picked table, or lets you watch it.
lobby-head-table = table
lobby-head-game = game
lobby-head-seats = seats
lobby-head-state = state
lobby-head-watching = watching
lobby-head-players = players

# The odds panel beside the log (40 columns). The key that hides it; how the figures were
# found; percentages already written as the language writes them; what the chance is of
# ("to win the game").
odds-title = Odds ({ $key } hides)
odds-title-found = Odds · { $method } ({ $key } hides)
odds-title-estimated = Odds · { $method } ±{ $error } ({ $key } hides)
odds-working = working the odds out…
odds-heading = chance { $what }
odds-heading-shared = chance { $what }, ties for each
odds-dice-heading = if down: qualify · mean · beat · round
odds-dice-short = round if down:
odds-chase-heading = Chance you end lowest:
odds-chase = if keep { $keep } · if change { $change }
odds-chase-short = lowest: keep { $keep } · change { $change }

# Your stats, over any screen. The column heads fit 24, 6, 6, 7 and 8 columns; the results'
# letters one each.
stats-title = Your stats (← → a game, any other key closes)
stats-empty = No games recorded yet: finish a game and it shows here.
stats-win-share = Win share by game (played)
screen-stats-recent = { $count ->
    [0] Your last games
    [one] Your last game
   *[other] Your last { $count } games
    }
stats-recent-of = { $count ->
    [0] Your last games of { $game }
    [one] Your last game of { $game }
   *[other] Your last { $count } games of { $game }
    }
stats-win-letter = W
stats-loss-letter = L
stats-head-game = game
stats-head-played = played
stats-head-won = won
stats-head-streak = streak
stats-head-best-win = best win
stats-played = Played { $games } · won { $wins } ({ $percent }) · lost { $lost } · abandoned { $abandoned } · played itself { $auto }
screen-stats-streak = Streak { $streak } (longest { $longest })
stats-streak-best = Streak { $streak } (longest { $longest }) · { $label }: { $best }
stats-watched = Watched { $count ->
    [one] { $count } game
   *[other] { $count } games
    }
stats-your-figure = Your { $figure }
stats-watched-by-seat = Watched: wins by seat ({ $seat_zero })
stats-seat = seat { $seat }

# The review screen's own words (what happened at each point is the review's). The
# options' table heads fit 8 columns.
review-working = Working out the review: every choice against the best, every seat's chances…
review-failed = The review could not be worked out for this game.
screen-review-title = { $game } review
review-chances-only = how every seat's chance moved
screen-review-accuracy = { $name }: accuracy { $accuracy }
review-accuracy-marks = { $name }: accuracy { $accuracy }, { $marks }
review-blunders = { $count ->
    [one] { $count } blunder
   *[other] { $count } blunders
    }
review-mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
    }
review-inaccuracies = { $count ->
    [one] { $count } inaccuracy
   *[other] { $count } inaccuracies
    }
review-decisions = Decisions with a choice ({ $count })
screen-review-swings = Biggest swings
review-no-decisions = No decision of a person had more than one choice.
screen-review-no-swings = No seat's chance moved much.
review-row-best = { $place }  { $chosen }  best
review-row = { $place }  { $chosen } (best { $best })  -{ $cost }  { $mark }
review-set = set { $face }
review-lowest = lowest
screen-review-die = die
review-win = win
review-qualify = qualify
review-mean = mean
review-chart-exact = Chance of winning (exact)
review-chart-estimated = Chance of winning (some points estimated)
review-start = start
review-exact = exact
review-estimated = estimated
review-estimated-error = estimated ±{ $error }
