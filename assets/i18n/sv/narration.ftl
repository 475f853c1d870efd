# Loggens meningar: vad som hände, berättat för den vid skärmen. `who` är "you" för den
# plats som tilltalas, "one" för en annan plats, "many" för flera tillsammans.

rolled = { $who ->
    [you] Du kastar { $dice }
   *[other] { $name } kastar { $dice }
    }

skipped = { $who ->
    [you] Du har
   *[other] { $name } har
    } inget att spela: { $count ->
    [one] turen hoppas över
   *[other] { $count } turer hoppas över
    }

tokens = { $token ->
    [die] { $count ->
        [1] en tärning
        [2] två tärningar
        [3] tre tärningar
       *[other] { $count } tärningar
        }
    [life] { $count ->
        [1] ett liv
        [2] två liv
        [3] tre liv
       *[other] { $count } liv
        }
    [counter] { $count ->
        [1] en mark
        [2] två marker
        [3] tre marker
       *[other] { $count } marker
        }
   *[chip] { $count ->
        [1] en mark
        [2] två marker
        [3] tre marker
       *[other] { $count } marker
        }
    }

moved-sent = { $who ->
    [you] Du skickar
   *[other] { $name } skickar
    } { $tokens } till { $place ->
    [centre] mitten
   *[pot] potten
    }
moved-put = { $who ->
    [you] Du lägger
   *[other] { $name } lägger
    } { $tokens } i { $place ->
    [centre] mitten
   *[pot] potten
    }
moved-passed = { $who ->
    [you] Du skickar
   *[other] { $name } skickar
    } { $tokens } till { $to_who ->
    [you] dig
   *[other] { $to_name }
    }
moved-taken = { $who ->
    [you] Du tar
   *[other] { $name } tar
    } { $tokens } från { $place ->
    [centre] mitten
   *[pot] potten
    }
moved-stayed = { $tokens } ligger kvar i { $place ->
    [centre] mitten
   *[pot] potten
    }

finale-begins = { $who ->
    [you] Du har
   *[other] { $name } har
    } alla marker som är kvar: finalen börjar, tre säkra kast för att vinna
safe-throw = { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } säkert ({ $safe } av 3)
normal-play-resumes = Två spelare har marker igen: spelet går vidare med { $who ->
    [you] dig
   *[other] { $name }
    }
throw-bought = { $who ->
    [you] Du lägger
   *[other] { $name } lägger
    } en mark i potten för ett extrakast
throw-forgiven = Extrakastet räddar { $who ->
    [you] dig
   *[other] { $name }
    }: inget skickas vidare, de säkra kasten står kvar
opening-tie = { $who ->
    [you] Du
   *[other] { $name }
    } delar på { $total } och kastar om
opens = { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } högst ({ $total }) och börjar
three-travels = { $who ->
    [you] Du ger
   *[other] { $name } ger
    } bort trean till { $to_who ->
    [you] dig
   *[other] { $to_name }
    }
three-kept = { $who ->
    [you] Du behåller
   *[other] { $name } behåller
    } trean
wild-takes = { $who ->
    [you] Du tar
   *[other] { $name } tar
    } en mark från { $to_who ->
    [you] dig
   *[other] { $to_name }
    } med jokern
wild-fizzles = { $who ->
    [you] Du har
   *[other] { $name } har
    } en joker men ingen att ta från
wins-pot = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } potten på { $pot }
loses = { $who ->
    [you] Du
   *[other] { $name }
    } skickade sista tärningen till mitten: alla andra vinner

set-down = { $who ->
    [you] Du lägger
   *[other] { $name } lägger
    } undan en { $face }:a (kast { $roll } av 6)
scored-perfect = { $who ->
    [you] Du får
   *[other] { $name } får
    } perfekta 24
scored = { $who ->
    [you] Du får
   *[other] { $name } får
    } { $score }
bust = { $who ->
    [you] Du spricker
   *[other] { $name } spricker
    }: ingen 4:a och 1:a
round-won = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } omgången med { $score }
round-tied = Lika på { $score }: omgången spelas om
round-tied-nobody = Ingen kvalificerade sig: omgången spelas om
round-shared = { $who ->
    [you] Du
   *[other] { $name }
    } delar på omgången med { $score }
round-shared-nobody = Ingen kvalificerade sig: { $name } delar på omgången
penalty-owed = { $who ->
    [you] Du är
   *[other] { $name } är
    } skyldig en mark till nästa omgångs pott
penalty-paid = { $who ->
    [you] Du betalar
   *[other] { $name } betalar
    } in marken för sprickan i potten
out-of-match = { $who ->
    [you] Du
   *[other] { $name }
    } kan inte betala insatsen: ute ur matchen
round-begins = Omgång { $round }: { $who ->
    [you] du börjar
   *[other] { $name } börjar
    }
match-won = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } matchen med { pile }
pile = { $stakes ->
    [yes] { $count ->
        [one] 1 mark
       *[other] { $count } marker
        }
   *[no] { $count ->
        [one] 1 vunnen omgång
       *[other] { $count } vunna omgångar
        }
    }

dealt = { $who ->
    [you] Du ger
   *[other] { $name } ger
    } ett kort till alla som är kvar
kept = { $who ->
    [you] Du behåller
   *[other] { $name } behåller
    }
exchanged = { $who ->
    [you] Du byter
   *[other] { $name } byter
    } med { $to_who ->
    [you] dig
   *[other] { $to_name }
    }
cut = { $who ->
    [you] Du häver
   *[other] { $name } häver
    } leken till { $card }
king-thrown = { $who ->
    [you] Du slänger
   *[other] { $name } slänger
    } ner en kung: omgången stannar
shown = { $who ->
    [you] Du visar
   *[other] { $name } visar
    } { $card }
shown-said = { $who ->
    [you] Du visar
   *[other] { $name } visar
    } { $card }
lost-life = { $who ->
    [you] Du förlorar
   *[other] { $name } förlorar
    } ett liv ({ $left } kvar)
on-grace = { $who ->
    [you] Du är
   *[other] { $name } är
    } på nåder: en förlust till och ute
out = { $who ->
    [you] Du är
   *[other] { $name } är
    } ute
void-round = Alla som är kvar skulle åka ut: omgången räknas inte
reset = De två sista är lika på nåder: alla är med igen med fulla liv

list-pair = { $first } och { $last }
list-you = du
seat-numbered = Plats { $seat }
seat-you = Du
seat-open = (ledig)

number-word = { $number ->
    [0] noll
    [1] ett
    [2] två
    [3] tre
    [4] fyra
    [5] fem
    [6] sex
    [7] sju
    [8] åtta
    [9] nio
    [10] tio
   *[other] { $number }
    }
lcr-face = { $face ->
    [left] Vänster
    [right] Höger
    [centre] Mitten
    [dot] prick
   *[wild] joker
    }
card-words = { $suit ->
    [clubs] klöver
    [diamonds] ruter
    [hearts] hjärter
   *[spades] spader
    } { $rank ->
    [1] ess
    [2] två
    [3] tre
    [4] fyra
    [5] fem
    [6] sex
    [7] sju
    [8] åtta
    [9] nio
    [10] tio
    [11] knekt
    [12] dam
   *[13] kung
    }
