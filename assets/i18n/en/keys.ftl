# The keys of every screen: what the footer calls them, what the help says they do, the
# hint under the game-over panel. Keys in words ("Space") are here too; letters and
# symbols stay as the keyboard prints them.

key-space = Space
key-space-enter = Space/Enter
key-letters = letters
key-typing = typing
key-any = any key
key-any-other = any other key

# The footer's words (and the game-over hint's), one or two words each.
footer-step = step
footer-play-stop = play/stop
footer-jump = jump
footer-review = review
footer-new = new
hint-new-game = new game
footer-same-seed = same seed
footer-back = back
footer-menu = menu
footer-tables = tables
hint-back-to-tables = back to the tables
footer-auto = auto
footer-pause = pause
footer-speed = speed
footer-odds = odds
footer-rules = rules
footer-stats = stats
footer-help = help
footer-quit = quit
footer-choose = choose
footer-set-up = set up
footer-pick = pick
footer-daily = daily
footer-settings = settings
footer-open = open
footer-join = join
footer-new-table = new table
footer-play-alone = play alone
footer-row = row
footer-change = change
footer-toggle = toggle
footer-start = start
footer-save = save
footer-point = point
footer-replay-here = replay from here

# The help overlay: a line for each key.
help-stats = your stats
help-help = this help
help-replay-step = a step on or back (l . and h , too)
help-replay-play = play the replay on, or stop it (p too)
help-replay-jump = jump to the start or the end (0 $ too)
help-review = review the game: every seat's chances, move by move
help-new = new game (mid-game it asks: the game counts as abandoned)
help-same-seed = the same seed again
help-leave = leave the finished game
help-auto = auto-play your seat (again to take it back)
help-pause = pause the bots (again to go on)
help-step-one = one move while paused (else the next bot's move now)
help-speed = bots faster / slower (instant to 3 s a move)
help-odds = odds: each seat's chance, a hint for you (not in the daily)
help-rules-this = the rules of this game
help-scroll-log = scroll the log (the mouse wheel too)
help-leave-table = leave the table (mid-game it asks)
help-quit-asks = quit (mid-game it asks)
help-take-seat = take the keyboard: the table shows your card (Space too)
help-hide-card = hide your new card, and play on (Space too)
help-act = roll, throw, or play the highlighted choice
help-choose = move between choices (dice, seats, keep/exchange)
help-letters = a choice's own key, as the choices show it
help-skip = the bots' next move now
help-go-on = go on after a round's end
help-skip-show = skip to now while a move is being shown
help-menu-move = choose a game (k j too)
help-menu-enter = set up the game picked (or open today's deal, the settings)
help-menu-pick = set up that game
help-daily = today's deal of Forty-One
help-settings = the settings
help-quit = quit
help-menu-back = back to the screen before (the first: quit)
help-rules-picked = the rules of the game picked
help-lobby-move = pick a table, or a new table's game (k j too)
help-lobby-enter = sit at (or watch) the table picked, or open the new table
help-back-to-tables = back to the tables
help-new-table = a new table, for friends to join
help-play-alone = the parlor's menu, to play alone
help-language = the language: English, svenska
help-leave-parlor = leave the parlor (it asks)
help-form-row = the row above or below (Tab too)
help-form-change = less or more of the row's value
help-form-toggle = a check box on or off, a seat a person's or a bot's, a new seed
help-form-start = start the game (the settings: save them)
help-back = back to the screen before
help-erase = delete the last character typed
help-clear = empty the row's text
help-typing = a seed's digits, a name's letters
help-review-point = move along the chart, a point at a time (h l too)
help-review-entry = pick a decision or a swing; the chart follows (k j too)
help-review-replay = replay the game from the picked moment
help-review-back = back to the table (v b too)
help-ctrl-c = quit at once; Ctrl-Z stops for now, fg brings it back
help-other-moments = At other moments of the game:
help-note-table = The mouse works too: click a game, a setting, a choice, a die or a seat.
help-note-review =
    The chart: every seat's chance of winning the game, the
    picked point a vertical line, the biggest swings dots.
    The line under it says how the figures were found: exact,
    or estimated (± two standard errors).
