# `parlor stats` and the stats' own words: a record's block, the daily deals' blocks, the
# line a finished game's record stands in, and what the recorder tells of its files.
#
# A counter from the stats file can be bigger than Fluent's numbers hold exactly: a plural
# chooses its form by a number (`n`, `days_n`, ...) and writes the counter given as text
# beside it (`count`, `days`, ...).

# A game's own figure: `figure` is its name ("best turn"), `value` what it holds.
stats-figure = { $figure }: { $value }
# A figure counted by value: `count` times `value` ("2 with 1 life").
stats-figure-by-value = { $count } with { $value }
# A record's first line: the game's title, and whether you played or watched it.
stats-record-title = { $kind ->
    [played] { $game }, played
   *[watched] { $game }, watched
    }
stats-rules = rules: { $rules }
stats-games-finished = { $n ->
    [one] { $count } game finished
   *[other] { $count } games finished
    }
# `percent` is the share of games won, written with its decimals already.
stats-wins = { $n ->
    [one] { $count } win ({ $percent }%)
   *[other] { $count } wins ({ $percent }%)
    }
stats-losses = { $n ->
    [one] { $count } loss
   *[other] { $count } losses
    }
# $n: the count, for a language whose word agrees with it.
stats-abandoned = { $count } abandoned
# $n: the count, for a language whose word agrees with it.
stats-auto-played = { $count } auto-played
stats-streak = streak: { $now } now, { $best } at best
# The biggest win: `label` the game's words for it.
stats-biggest-win = { $label }: { $count }
# `seat_zero` is how the game names its first seat; `wins` the wins of each seat in turn.
stats-wins-by-seat = wins by seat ({ $seat_zero }): { $wins }
# `results` is a W or L per game, as the stats file keeps them.
stats-recent = last { $count } (W won, L lost, oldest first): { $results }
stats-daily-title = { $game }, daily deal
stats-daily-days = { $days_n ->
    [one] { $days } day finished
   *[other] { $days } days finished
    }; streak { $streak_n ->
    [one] { $streak } day
   *[other] { $streak } days
    } (longest { $longest })
stats-daily-last = last counted: { $day }
stats-daily-best = best: { $line }
# The record a finished game now stands in.
stats-record-played = Your record here: { $wins_n ->
    [one] { $wins } win
   *[other] { $wins } wins
    } in { $games }
stats-record-watched = Watched here: { $games_n ->
    [one] { $games } game
   *[other] { $games } games
    }
stats-record-unsaved = Not in your record yet: it could not be saved

# Game codes: why a text deals no game, and what to know of an old code dealt. `reads` and
# `deals` are the format this parlor reads or deals.
code-error = '{ $code }' is not a game code: { $problem }
code-mistyped = it is mistyped (its check does not match): copy it again, character by character
code-too-short = it needs at least a game, the players and a seed
code-not-a-seed = '{ $seed }' is not a seed
code-too-big = '{ $number }' is too big
code-newer = it is from a newer parlor (code format { $format }; this one reads { $reads })
# `why` says what changed since.
code-older = it is from an older parlor (code format { $format }; this one deals format { $deals }): { $why }, so it would not deal the same game
code-unchecked = this game code is from an older parlor and carries no check: if a character of it was mistyped, this is another game than the one it was copied from
# What changed in how a seed deals a game since an older parlor (format 3).
code-dice-streams = dice now come from a stream of their own for each roll, so that no choice or bot changes them, a whole roll at a time
code-deck-streams = decks now come from a stream of their own for each deal, so that no choice or bot changes them, and the expert bot works its odds out exactly

# Replays: why one cannot be shown or saved. `file` is the replay's path.
replay-damaged = { $file } is not a parlor replay: { $reason }
replay-newer = { $file } is from a newer parlor (replay format { $format }; this one reads { $reads })
replay-older = { $file } is from an older parlor (replay format { $format }; this one writes { $writes }): { $why }, so it would not play back as it was played
# `what` is the step as saved, quoted.
replay-bad-step = { $file }: step { $step } ({ $what }) does not make sense here: { $reason }
replay-none-yet = no replays yet in { $dir }
replay-none-readable = no replay in { $dir } can be played back; the newest: { $newest }
replay-cannot-save = cannot save the replay in { $dir }: { $reason }

# The stats file and the recorder: what the player is told of the files (on the screen,
# and on stderr). `file` is the stats file, `dir` the data folder, `reason` why, in words.
stats-newer = { $file } is from a newer parlor (format { $format }, this one reads { $reads }); it is left untouched and results are not saved
stats-read-only = { $file } is read-only: it is left untouched and results are not saved to it
# `size` and `most` in bytes.
stats-too-big = { $file } would grow to { $size } bytes, more than a stats file may be ({ $most } bytes); it is left as it is and results are not saved to it (parlor stats --reset starts over, keeping it as a backup)
# `seconds` is how long the parlor waited for the lock file `lock`.
stats-busy = another process has held { $lock } for { $seconds } s; gave up waiting for it
stats-waiting = another process holds { $lock }; waiting up to { $seconds } s for it
# `name` is the stats file's name, `target` what the link points to.
stats-link-to-other = { $name } in the data folder { $dir } is a symbolic link to { $target }, which holds no parlor stats ({ $reason }): it is left as it is, and results are not saved to it until the link is removed or points to a stats file
# `name` is the lock file's name.
stats-lock-is-a-folder = the data folder { $dir } holds a folder named { $name } with files in it, where the stats' lock file should be: it is left as it is, and results are not saved until it is moved away
stats-cannot-save = cannot save stats in { $dir }: { $reason }
stats-no-version = no version field: not a parlor stats file
stats-not-stats = not parlor stats ({ $reason })
stats-moved-fresh = { $file } could not be read ({ $reason }); it was moved to { $moved_to } and fresh stats begin
stats-disk-full = the disk is full: replays are not saved in { $dir } while it is, so that results can be
stats-replays-pruned = { $count ->
    [one] { $count } replay was
   *[other] { $count } replays were
    } deleted, oldest first, to make room for results
stats-replays-skipped = { $count ->
    [one] { $count } replay was
   *[other] { $count } replays were
    } not saved: the disk was full
stats-kept-aside = { $count ->
    [one] { $count } result
   *[other] { $count } results
    } could not be saved in { $file }; kept in { $kept } until the next parlor starts and adds it
stats-lost = { $count ->
    [one] { $count } result
   *[other] { $count } results
    } could not be saved, nor kept aside ({ $reason }): lost
stats-kept-stay-aside = results kept aside by an earlier parlor stay aside for now: { $reason }
stats-kept-merged = { $count ->
    [one] { $count } result that an earlier parlor could not save, and kept aside, is
   *[other] { $count } results that an earlier parlor could not save, and kept aside, are
    } now in { $file }
stats-kept-unreadable = { $file } (results kept aside) could not be read ({ $reason }); it is left as it is

# The stage, as a replay or the table plays a step out: the captions over cards shown.
stage-showdown = Showdown
# Over the card the dealer `name` cut to; the short form where space is tight.
stage-cut-to = { $name } cut to
stage-cut = Cut

# Why a file of results kept aside cannot be read: a newer parlor wrote it.
stats-kept-newer = from a newer parlor (format { $format }; this one reads { $reads })
