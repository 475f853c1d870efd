# Dagens giv: hur en plats slutade, försökets sammanfattning och raden att dela.

daily-ordinal = { $last_two ->
    [11] { $place }:e
    [12] { $place }:e
   *[other] { $last_digit ->
        [1] { $place }:a
        [2] { $place }:a
       *[other] { $place }:e
    }
    }
daily-place = { $place } av { $players }
daily-place-short = { $place }/{ $players }
daily-chips = { $count ->
    [one] { $count } mark
   *[other] { $count } marker
    }
daily-rounds-won = { $count ->
    [one] { $count } vunnen omgång
   *[other] { $count } vunna omgångar
    }
daily-share = parlor daily { $game } { $day }: { $yours } (experten { $expert })
daily-share-accuracy = { $line } { $percent } % { $bar }
daily-summary = Dagens giv { $day }: du { $yours }, experten på dina tärningar { $expert }
daily-accuracy = Din precision: { $percent } % av de bästa valens värde
daily-practice = Övning: dagens giv är redan räknad, som
daily-not-counted = Räknas inte: din plats spelade sig själv
daily-streak = Dagssvit: { $days_n ->
    [one] { $days } dag
   *[other] { $days } dagar
    } (längst { $longest })
daily-streak-best = { $streak } · bäst { $best }
daily-attempt-unfinished = (dagens räknade försök påbörjades och har inte avslutats)
daily-attempt-given-up = (dagens räknade försök gavs upp)
daily-under-way = dagens giv spelas för resultatet i en annan parlor: spela klart den där först (en övning nu skulle visa dess kort innan de spelas)
