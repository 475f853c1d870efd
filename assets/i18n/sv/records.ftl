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

code-error = '{ $code }' är ingen spelkod: { $problem }
code-mistyped = den är felskriven (kontrolltecknet stämmer inte): kopiera den igen, tecken för tecken
code-too-short = den behöver minst ett spel, spelarna och ett frö
code-not-a-seed = '{ $seed }' är inget frö
code-too-big = '{ $number }' är för stort
code-newer = den kommer från en nyare parlor (kodformat { $format }; den här läser { $reads })
code-older = den kommer från en äldre parlor (kodformat { $format }; den här ger format { $deals }): { $why }, så den skulle inte ge samma parti
code-unchecked = den här spelkoden kommer från en äldre parlor och har inget kontrolltecken: om ett tecken i den skrevs fel är det här ett annat parti än det den kopierades från
code-dice-streams = tärningarna kommer nu från en egen ström för varje kast, så att inget val och ingen bot ändrar dem, ett helt kast i taget
code-deck-streams = korten kommer nu från en egen ström för varje giv, så att inget val och ingen bot ändrar dem, och expertboten räknar ut sina odds exakt

replay-damaged = { $file } är ingen repris från parlor: { $reason }
replay-newer = { $file } kommer från en nyare parlor (reprisformat { $format }; den här läser { $reads })
replay-older = { $file } kommer från en äldre parlor (reprisformat { $format }; den här skriver { $writes }): { $why }, så den skulle inte spelas upp som den spelades
replay-bad-step = { $file }: steg { $step } ({ $what }) är inte meningsfullt här: { $reason }
replay-none-yet = inga repriser än i { $dir }
replay-none-readable = ingen repris i { $dir } kan spelas upp; den nyaste: { $newest }
replay-cannot-save = kan inte spara reprisen i { $dir }: { $reason }
