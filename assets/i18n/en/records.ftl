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
