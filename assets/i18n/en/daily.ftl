# The daily deal: how a seat finished, the attempt's summary and the line to share.

# A place, 1 the winner: `last_digit` and `last_two` are its last digit and last two digits,
# for the languages whose ordinals go by them ("1st", "22nd", "11th").
daily-ordinal = { $last_two ->
    [11] { $place }th
    [12] { $place }th
    [13] { $place }th
   *[other] { $last_digit ->
        [1] { $place }st
        [2] { $place }nd
        [3] { $place }rd
       *[other] { $place }th
    }
    }
# A place among the players: `place` the ordinal said already ("2nd of 5").
daily-place = { $place } of { $players }
# The same in a few characters, for the line to share: "2nd/5".
daily-place-short = { $place }/{ $players }
# Forty-One's finish: the chips at the end (with stakes) or the rounds won (without).
daily-chips = { $count ->
    [one] { $count } chip
   *[other] { $count } chips
    }
daily-rounds-won = { $count ->
    [one] { $count } round won
   *[other] { $count } rounds won
    }
# The line to share: `game` is the game's id on the command line (never translated),
# `yours` and `expert` the finishes in a few characters.
daily-share = parlor daily { $game } { $day }: { $yours } (expert { $expert })
# The share line's accuracy: `percent` in whole points, `bar` a block per full fifth.
daily-share-accuracy = { $line } { $percent }% { $bar }
daily-summary = Daily deal { $day }: you { $yours }, the expert on your dice { $expert }
daily-accuracy = Your accuracy: { $percent }% of the best choices' worth
daily-practice = Practice: today's deal counted already, as
daily-not-counted = Not counted: your seat played itself
# `days_n` chooses the form, `days` is written (a counter from the stats file, exact).
daily-streak = Daily streak: { $days_n ->
    [one] { $days } day
   *[other] { $days } days
    } (longest { $longest })
daily-streak-best = { $streak } · best { $best }
# The day's counted attempt, in place of its line, when it has none.
daily-attempt-unfinished = (today's counted attempt was begun and has not ended)
daily-attempt-given-up = (today's counted attempt was given up)
daily-under-way = today's deal is being played for the record in another parlor: finish it there first (a practice now would show its cards before they are played)
