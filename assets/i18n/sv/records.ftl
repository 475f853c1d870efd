# `parlor stats` och statistikens egna ord.

stats-figure = { $figure }: { $value }
stats-figure-by-value = { $count } med { $value }
stats-record-title = { $kind ->
    [played] { $game }, spelat
   *[watched] { $game }, tittat
    }
stats-rules = regler: { $rules }
stats-games-finished = { $n ->
    [one] { $count } parti spelat
   *[other] { $count } partier spelade
    }
stats-wins = { $n ->
    [one] { $count } vinst ({ $percent } %)
   *[other] { $count } vinster ({ $percent } %)
    }
stats-losses = { $n ->
    [one] { $count } förlust
   *[other] { $count } förluster
    }
stats-abandoned = { $n ->
    [one] { $count } avbrutet
   *[other] { $count } avbrutna
    }
stats-auto-played = { $n ->
    [one] { $count } autospelat
   *[other] { $count } autospelade
    }
stats-streak = svit: { $now } nu, { $best } som bäst
stats-biggest-win = { $label }: { $count }
stats-wins-by-seat = vinster per plats ({ $seat_zero }): { $wins }
stats-recent = senaste { $count } (W vinst, L förlust, äldst först): { $results }
stats-daily-title = { $game }, dagens giv
stats-daily-days = { $days_n ->
    [one] { $days } dag spelad
   *[other] { $days } dagar spelade
    }; svit { $streak_n ->
    [one] { $streak } dag
   *[other] { $streak } dagar
    } (längst { $longest })
stats-daily-last = senast räknad: { $day }
stats-daily-best = bäst: { $line }
stats-record-played = Ditt resultat här: { $wins_n ->
    [one] { $wins } vinst
   *[other] { $wins } vinster
    } på { $games }
stats-record-watched = Tittat här: { $games_n ->
    [one] { $games } parti
   *[other] { $games } partier
    }
stats-record-unsaved = Inte i ditt resultat än: det gick inte att spara
