# The command line's own words a player reads: `parlor stats`, `parlor replay --plain`,
# `parlor config`, and what a command says when it cannot do what was asked. Flags, ids,
# config keys and file names are never translated.

cli-no-data-dir = no data directory: set PARLOR_DATA_DIR or pass --data-dir
cli-no-config-dir = no config directory: set PARLOR_CONFIG_DIR
# `instead` says how to play without one.
cli-no-terminal = the full screen needs a terminal, and stdin or stdout is not one: { $instead }
cli-play-plain-instead = `parlor play GAME --plain` plays in plain lines, for scripts and screen readers
cli-daily-plain-instead = `parlor daily --plain` plays the daily deal in plain lines
cli-replay-plain-instead = add --plain to print the game's log
# The first of the config file's problems, when there are more.
cli-more-problems = { $first } (and { $more } more: parlor config shows them)
cli-passed-over = passed over a newer file: { $file }
# `status` is "finished" or "abandoned".
cli-replay-title = == { $game } replay: { $rules } (seed { $seed }), { $status ->
    [finished] finished
   *[abandoned] abandoned
    } ==
cli-no-games = No games recorded yet in { $file }.
cli-reset-needs-yes = --reset starts your stats over; add --yes to confirm
# `game` is a game's id, or "all" for every game.
cli-reset-done = Reset { $game ->
    [all] stats
   *[other] { $game } stats
    }; the old file is kept as { $backup }
cli-reset-nothing = No { $game ->
    [all] stats
   *[other] { $game } stats
    } to reset in { $dir }
cli-stats-moved = { $file } could not be read ({ $reason }); it was moved to { $moved_to }
# `parlor config`: the file and whether it is there yet.
cli-config-missing = { $file } (not there yet: every setting is its default; the Settings screen writes it)
cli-config-data = data: { $dir } (stats, replays)
cli-config-no-data = data: none (no data directory: set PARLOR_DATA_DIR or --data-dir)
# Where a setting comes from: its default, or the file (named config.toml in any language).
cli-config-default = default
cli-terminal-failed = the terminal failed: { $reason }
cli-cannot-read-stdin = cannot read stdin: { $reason }
cli-cannot-catch-signals = cannot catch signals ({ $reason }): Ctrl-C will not record the game
# A remembered setups file that could not be read, moved aside.
cli-setups-moved = { $file } could not be read ({ $reason }); it was kept as { $kept } and begun again
cli-setups-damaged = not remembered setups ({ $reason })
