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
