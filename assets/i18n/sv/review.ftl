# Genomgången av ett parti.

review-title = Genomgång av { $game }: { $rules }, frö { $seed }, { $status ->
    [finished] färdigspelat
   *[abandoned] avbrutet
    }
review-seat-reviewed = { $name } (genomgången)
review-seats = Platser: { $seats }
review-nothing-valued = Inga val i det här spelet värderas (det har inga, eller få som spelar roll): genomgången värderar Fyrtioetts tärningar och Jaga essets kort, där valen avgör vem som vinner.
review-no-people = Ingen vid bordet var en människa: det finns inga beslut att gå igenom.
review-chart-title = { $chart } genom partiet ({ $method }):
review-all-exact = varje punkt exakt
review-all-estimated = varje punkt uppskattad, medelfel upp till { $error } procentenheter
review-some-estimated = { $estimated } av { $points } punkter uppskattade, medelfel upp till { $error } procentenheter; resten exakta
review-chart-legend = { $seats }; * flera platser samtidigt
review-decisions-of = Beslut av { $name }
review-no-choice = { $decisions }, inget med ett val.
review-accuracy = { $decisions }, { $choices } med ett val. Precision { $percent }: hur mycket av { $measure } valen behöll, mot vad de bästa valen hade behållit. { $best } bäst, { $inaccuracies ->
    [one] { $inaccuracies } onoggrannhet
   *[other] { $inaccuracies } onoggrannheter
    }, { $mistakes } misstag, { $blunders ->
    [one] { $blunders } tabbe
   *[other] { $blunders } tabbar
    }; { $points } procentenheter bortgivna totalt.
review-forty-one-at = Omgång { $round }{ $replay ->
    [0] {""}
    [1] {" "}(omspelad efter lika)
   *[other] {" "}(omspel { $replay } efter lika)
    }, kast { $roll_number } av 6: { $roll }; { $to_beat }, { $after } spelare efter
review-nothing-to-beat = inget att slå
review-to-beat = { $score } att slå
review-forty-one-short = O{ $round }{ $replay ->
    [0] {""}
    [1] o
   *[other] o{ $replay }
    } kast { $roll_number }  { $roll }
review-chase-at = Omgång { $round }: { $name } hade { $card }{ $role ->
    [king-call] , ett kungsbeslut (någon annan ska strax välja)
    [dealer] , givaren
   *[none] {""}
    }
review-chase-short = O{ $round } { $card }{ $role ->
    [king-call] {" "}kung
    [dealer] {" "}giv
   *[none] {""}
    }
review-option = { $option } { $percent }{ $role ->
    [chosen-best] {" "}(valt, bäst)
    [chosen] {" "}(valt)
    [best] {" "}(bäst)
   *[none] {""}
    }
review-options = { $heading }: { $options }
review-cost = { $chosen }: { $points } procentenheter bortgivna mot { $best }{ $mark ->
    [inaccuracy] : en onoggrannhet
    [mistake] : ett misstag
    [blunder] : en tabbe
   *[none] {""}
    }
review-die = { $die } (kvalar { $qualify }, snitt { $mean })
review-mark-inaccuracy = onoggrannhet
review-mark-mistake = misstag
review-mark-blunder = tabbe
review-in-words = { $name }: { $start } i början, { $highest } som högst ({ $highest_at }), { $lowest } som lägst ({ $lowest_at }), { $end } i slutet
review-no-swings = Inga stora svängningar.
review-swings = Största svängningarna:
review-swing = { $name } { $change } % vid { $moment }
review-swing-what = { $swing } — { $what }
