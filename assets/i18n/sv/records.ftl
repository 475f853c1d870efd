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

stats-newer = { $file } kommer från en nyare parlor (format { $format }, den här läser { $reads }); den lämnas orörd och resultat sparas inte
stats-read-only = { $file } är skrivskyddad: den lämnas orörd och resultat sparas inte i den
stats-too-big = { $file } skulle växa till { $size } byte, mer än en statistikfil får vara ({ $most } byte); den lämnas som den är och resultat sparas inte i den (parlor stats --reset börjar om och sparar den som säkerhetskopia)
stats-busy = en annan process har hållit { $lock } i { $seconds } s; slutade vänta på den
stats-waiting = en annan process håller { $lock }; väntar upp till { $seconds } s på den
stats-link-to-other = { $name } i datamappen { $dir } är en symbolisk länk till { $target }, som inte innehåller någon statistik från parlor ({ $reason }): den lämnas som den är, och resultat sparas inte i den förrän länken tas bort eller pekar på en statistikfil
stats-lock-is-a-folder = datamappen { $dir } har en mapp som heter { $name } med filer i, där statistikens låsfil ska ligga: den lämnas som den är, och resultat sparas inte förrän den flyttas bort
stats-cannot-save = kan inte spara statistik i { $dir }: { $reason }
stats-no-version = inget versionsfält: ingen statistikfil från parlor
stats-not-stats = ingen statistik från parlor ({ $reason })
stats-moved-fresh = { $file } gick inte att läsa ({ $reason }); den flyttades till { $moved_to } och statistiken börjar om
stats-disk-full = disken är full: repriser sparas inte i { $dir } så länge den är det, så att resultaten kan sparas
stats-replays-pruned = { $count ->
    [one] { $count } repris raderades
   *[other] { $count } repriser raderades
    }, äldst först, för att ge plats åt resultat
stats-replays-skipped = { $count ->
    [one] { $count } repris sparades inte
   *[other] { $count } repriser sparades inte
    }: disken var full
stats-kept-aside = { $count ->
    [one] { $count } resultat gick inte att spara i { $file }; det ligger i { $kept } tills nästa parlor startar och lägger till det
   *[other] { $count } resultat gick inte att spara i { $file }; de ligger i { $kept } tills nästa parlor startar och lägger till dem
    }
stats-lost = { $count } resultat gick inte att spara eller lägga undan ({ $reason }): { $count ->
    [one] förlorat
   *[other] förlorade
    }
stats-kept-stay-aside = resultat som en tidigare parlor lade undan ligger kvar där tills vidare: { $reason }
stats-kept-merged = { $count } resultat som en tidigare parlor inte kunde spara, och lade undan, finns nu i { $file }
stats-kept-unreadable = { $file } (undanlagda resultat) gick inte att läsa ({ $reason }); den lämnas som den är

stage-showdown = Visning
stage-cut-to = { $name } häver
stage-cut = Häv

stats-kept-newer = från en nyare parlor (format { $format }; den här läser { $reads })
