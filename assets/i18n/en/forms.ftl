# The forms: a game's setup and the parlor's settings. A row's label fits 24 columns.

form-more = more
form-seat-you = You
form-seat-bot = bot

setup-title = { $game } — new game
setup-players = Players
setup-chips-each = Chips each
setup-dice-each = Dice each
setup-lives = Lives
setup-counters-each = Counters each
setup-seats = Seats (Space: you/bot)
setup-name-at = Name at seat { $seat }
setup-level = Bot level
setup-stakes = Stakes
setup-bank = Starting bank
setup-rounds = Rounds
setup-variant = Variant { $variant }
setup-seed = Seed
setup-seed-random = random (told at the end)
setup-start = [ Start the game ]
setup-on = on
setup-off = off
setup-off-reduced-motion = off (reduced motion)

setup-note-players = How many seats at the table (←→)
setup-note-amount = What each player starts with (←→)
setup-note-seats = ←→ pick a seat, Space makes it yours or a bot's
setup-note-name = Type a name (Backspace deletes); the log and showdown use it
setup-note-level = How the bots play (←→); GUIDE.md says how each level plays
setup-note-stakes = On: chips change hands; off: play for rounds won only
setup-note-bank = Chips each player starts the match with (←→)
setup-note-rounds = Rounds in the match (←→)
setup-note-animation = Dice tumble before they land; off shows every result at once
setup-note-seed = Type a seed to deal a game again; Space: a random one, told at the end
setup-note-start = Enter starts the game

setup-error-seed = '{ $seed }' is not a seed (0 to 2^64-1)
setup-error-unnamed = person { $person } needs a name
setup-error-same-name = two people are called { $name }: rename one
setup-not-remembered = this setup could not be remembered: { $why }

settings-title = Settings
settings-language = Language
settings-language-auto = auto
settings-theme = Theme
settings-theme-dark = dark
settings-theme-light = light
settings-theme-auto = auto
settings-theme-high-contrast = high-contrast
settings-ascii = ASCII only
settings-speed = Bot speed
settings-speed-instant = instant
# $seconds: a decimal, written as the language writes it.
settings-speed-per-move = { $seconds }s a move
settings-animation = Dice animation
settings-mouse = Mouse
settings-bell = Bell on your turn
settings-name = Your name
settings-bots = Bots in { $game }
settings-save = [ Save ]

settings-note-language = The screens' language; auto follows the locale (LANG)
settings-note-theme = dark, light, auto (from the terminal's background), high-contrast
settings-note-ascii = Draw with ASCII only, for terminals and fonts without the symbols
settings-note-speed = How long a bot waits before each move; the show's beats follow it
settings-note-animation = Dice tumble before they land; off shows every move at once
settings-note-mouse = Off leaves the mouse to the terminal, to select and copy text
settings-note-bell = Ring the terminal's bell when your turn comes after the bots
settings-note-name = Your seat's name at the table (Backspace deletes)
settings-note-bots = The bot level each new game of this one starts with
settings-note-save = Enter saves to the config file (parlor config shows where)

settings-error-empty-name = your name cannot be empty
settings-error-no-config-dir = no config directory: set PARLOR_CONFIG_DIR
settings-error-save = cannot save: { $why }
settings-saved = settings saved to { $path }
settings-saved-kept = settings saved to { $path }; the old file had lines it could not read and is kept as { $kept }
settings-note-language-pinned = --lang chose this run's language: a language saved here is for the next run
