# The review of a game: its decisions with their options and marks, each person's
# accuracy, the win chances through the game (a chart, or in words) and the biggest swings.
# Percentages and points come written already, in the language's own decimals.

# `status` is "finished" or "abandoned"; `rules` the game's settings, as its code says them.
review-title = { $game } review: { $rules }, seed { $seed }, { $status ->
    [finished] finished
   *[abandoned] abandoned
    }
review-seat-reviewed = { $name } (reviewed)
review-seats = Seats: { $seats }
review-nothing-valued = No choice in this game is valued (it has none, or few that matter): the review values Forty-One's dice and Chase the Ace's cards, where choices change who wins.
review-no-people = Nobody at this table was a person: there are no decisions to review.
# `chart` is what the chart shows ("Chance of winning"), `method` how its points were found.
review-chart-title = { $chart } through the game ({ $method }):
review-all-exact = every point exact
review-all-estimated = every point estimated, standard error up to { $error } points
review-some-estimated = { $estimated } of { $points } points estimated, standard error up to { $error } points; the rest exact
review-chart-legend = { $seats }; * several seats at once
review-decisions-of = Decisions of { $name }
# `decisions` is the seat's decisions counted in the game's words ("3 dice set down").
review-no-choice = { $decisions }, none with a choice.
# `measure` is what each option is weighed by ("chance to win the round"); `points` the
# points given away in all.
review-accuracy = { $decisions }, { $choices } with a choice. Accuracy { $percent }: the { $measure } the choices kept, over what the best choices would have kept. { $best } best, { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
    }, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
    }; { $points } points given away in all.
# Forty-One: where a die was set down. `replay` is 0 for a round played once, else which
# replay after a tie it is; `after` the players still to roll.
review-forty-one-at = Round { $round }{ $replay ->
    [0] {""}
    [1] {" "}(replayed after a tie)
   *[other] {" "}(replay { $replay } after ties)
    }, roll { $roll_number } of 6: { $roll }; { $to_beat }, { $after ->
    [one] { $after } player
   *[other] { $after } players
    } after
review-nothing-to-beat = nothing to beat
review-to-beat = { $score } to beat
# The same in a few words, for a list.
review-forty-one-short = R{ $round }{ $replay ->
    [0] {""}
    [1] r
   *[other] r{ $replay }
    } roll { $roll_number }  { $roll }
# Chase the Ace: who held which card. `role` is "king-call", "dealer" or "none".
review-chase-at = Round { $round }: { $name } held { $card }{ $role ->
    [king-call] , a King call (someone else is about to decide)
    [dealer] , the dealer
   *[none] {""}
    }
review-chase-short = R{ $round } { $card }{ $role ->
    [king-call] {" "}King call
    [dealer] {" "}dealer
   *[none] {""}
    }
# An option and its chance; `role` is "chosen-best", "chosen", "best" or "none".
review-option = { $option } { $percent }{ $role ->
    [chosen-best] {" "}(chosen, the best)
    [chosen] {" "}(chosen)
    [best] {" "}(the best)
   *[none] {""}
    }
review-options = { $heading }: { $options }
# A choice that was not the best: what it cost, and its mark ("inaccuracy", "mistake",
# "blunder", or "none" below them).
review-cost = { $chosen }: { $points } points given away against { $best }{ $mark ->
    [inaccuracy] : an inaccuracy
    [mistake] : a mistake
    [blunder] : a blunder
   *[none] {""}
    }
# A die as an option: where setting it down leads.
review-die = { $die } (qualify { $qualify }, mean { $mean })
# The marks on their own.
review-mark-inaccuracy = inaccuracy
review-mark-mistake = mistake
review-mark-blunder = blunder
# A seat's win chances in words.
review-in-words = { $name }: { $start } at the start, { $highest } at the highest ({ $highest_at }), { $lowest } at the lowest ({ $lowest_at }), { $end } at the end
review-no-swings = No big swings.
review-swings = Biggest swings:
# A swing: `change` is signed ("-31", "+12"), `moment` when it was ("turn 14").
review-swing = { $name } { $change }% at { $moment }
# The swing with what happened, in the log's words.
review-swing-what = { $swing } — { $what }
