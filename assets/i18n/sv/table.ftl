holding-none = { $kind ->
    [dice] inga tärningar
    [counters] inga marker
   *[chips] inga marker
    }
holding-words = { $kind ->
    [dice] { $count ->
        [one] 1 tärning
       *[other] { $count } tärningar
        }
   *[other] { $count ->
        [one] 1 mark
       *[other] { $count } marker
        }
    }
holding-lives = { $count } av { $of } liv

tag-dealer = GIV
tag-dealer-short = GIV
tag-dealer-said = givare
tag-sole = ENSAM
tag-sole-short = SOLO
tag-sole-said = ensam innehavare
tag-grace = NÅD
tag-grace-short = NÅD
tag-grace-said = på nåder
tag-out = UTE
tag-empty = TOM
tag-opens = FÖRST
tag-opens-short = först

pot = Pott
centre = Mitten
your-card = Ditt kort
showdown = Visning: lägst är { $rank }
showdown-short = Lägst: { $rank }
game-over-pot = Pott: { $pot }   Turer: { $turns }
game-over-turns = Turer: { $turns }
game-over-rounds = Omgångar: { $rounds }   Turer: { $turns }
chips-in-play = Marker i spel: { $count }
chips-in-play-short = I spel: { $count }

settings-players = { $count ->
    [one] 1 spelare
   *[other] { $count } spelare
    }
settings-stock = { $stock ->
    [dice] { $count ->
        [one] 1 tärning
       *[other] { $count } tärningar
        }
    [lives] { $count } liv
   *[other] { $count ->
        [one] 1 mark
       *[other] { $count } marker
        }
    } var
settings-rounds = { $rounds ->
    [one] 1 omgång
   *[other] { $rounds } omgångar
    }
settings-rounds-stakes = { settings-rounds }, { $bank ->
    [one] 1 mark
   *[other] { $bank } marker
    } var
settings-rounds-points = { settings-rounds }, om poäng
settings-both = { $stock }, { $rounds_said }

action-roll = Kasta
action-roll-dice = Kasta { $count ->
    [one] 1 tärning
   *[other] { $count } tärningar
    }
action-set-down = Lägg undan en { $face }:a
action-give-three = Ge trean till { $name }
action-take-chip = Ta en mark från { $name }
action-keep = Behåll
action-exchange = Byt
action-cut = Häv leken
action-throw-king = Släng ner kungen
action-keep-three = Behåll trean
action-buy-throw = Köp ett extrakast (1 mark)
action-throw-of = Kast { $throw } av 3
action-keep-king-quiet = Håll tyst om kungen
action-exchange-with = Byt med { $name }

banner-wins-pot = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } potten på { $pot }!
banner-wins-pot-short = { $who ->
    [you] Du tar
   *[other] { $name } tar
    } { $pot }!
banner-all-out = { $names } är ute!
banner-all-out-short = { $names } ute
banner-all-lose-life = { $names } förlorar ett liv var
banner-all-lose-life-short = { $names } -1 liv

## Ess i potten
aces-finale = Final: { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } ensam, tre säkra kast för att vinna
aces-finale-short = Final!
aces-safe = Kast { $safe } av 3: säkert!
aces-safe-short = { $safe }/3 säkra
aces-finale-fails = Kast { $throw } av 3: en { $face }:a! Finalen misslyckas; { $name } är med igen
aces-finale-fails-short = En { $face }:a! Finalen föll
aces-throw-bought = { $who ->
    [you] Du köper
   *[other] { $name } köper
    } ett extrakast för en mark
aces-throw-bought-short = Extrakast!
aces-forgiven = En { $face }:a, förlåten: extrakastet är förbrukat
aces-forgiven-short = Förlåten!
aces-moment = finalens kast { $throw } av { $of }
aces-safe-marks = säkra { $marks }
aces-safe-words = { $safe ->
    [0] inga än
   *[other] { $safe }
    }, { $to_go } kvar
aces-safe-said = säkra kast: { $words }
aces-tracker-finale = FINAL: { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } ensam
aces-tracker-finale-short = FINAL
aces-tracker-safe = Säkra kast { $marks } ({ $safe } av 3)
aces-tracker-safe-short = Kast { $marks }
aces-tracker-safe-said = Säkra kast: { $words }
aces-avoid = Undvik { $face }:an
aces-may-buy = Kan köpa ett extrakast för 1 mark
aces-may-buy-short = Extrakast: 1 mark
aces-bought = Extrakast köpt: en { $face }:a förlåts
aces-bought-short = En { $face }:a förlåts
aces-faces = { $paying }:a betalar potten, { $passing }:a skickas
aces-faces-short = { $paying } betalar, { $passing } går
aces-passing = Omgång { $round }: marker går åt { $way ->
    [left] vänster
   *[right] höger
    }
aces-passing-short = O{ $round }: { $way ->
    [left] ←
   *[right] →
    }

## LCR
lcr-wilds = Jokrar att ta: { $count }
lcr-wild-takes = Joker! { $who ->
    [you] Du tar
   *[other] { $name } tar
    } en mark från { $from }
lcr-wild-takes-short = Joker
lcr-wild-fizzles = Joker! Ingen annan har en mark som { $name } kan ta
lcr-wild-fizzles-short = Joker: inget

## Svenska ess
swedish-opening = Öppningskast: { $names } om starten
swedish-opening-short = Öppningskast, { $count } kastar
swedish-dice-in-play = Tärningar i spel: { $count }
swedish-in-centre = I mitten: { $count }
swedish-threes = Treor att behålla eller ge: { $count }
swedish-threes-short = Treor: { $count }
swedish-loses = { $who ->
    [you] Du skickar
   *[other] { $name } skickar
    } sista tärningen: alla andra vinner!
swedish-loses-short = { $name } sist
swedish-tie = { $names } är lika på { $total }: kasta om
swedish-tie-short = Lika på { $total }
swedish-opens = { $who ->
    [you] Du börjar
   *[other] { $name } börjar
    } med { $total }
swedish-opens-short = { $name } börjar

## Fyrtioett
forty-one-perfect = { $who ->
    [you] Du får
   *[other] { $name } får
    } perfekta 24!
forty-one-perfect-short = Perfekta 24!
forty-one-bust = { $who ->
    [you] Du spricker
   *[other] { $name } spricker
    }: ingen 4:a och 1:a
forty-one-bust-short = Sprack!
forty-one-round-begins = Omgång { $round }: { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } först
forty-one-round-begins-short = Omg. { $round }
forty-one-round-won = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } omgång { $round } med { $perfect ->
    [yes] perfekta { $score }
   *[no] { $score }
    }
forty-one-round-won-short = { $name } O{ $round }
forty-one-round-tied = Lika på { $score }: omgången spelas om
forty-one-round-tied-nobody = Ingen kvalificerade sig: omgången spelas om
forty-one-round-tied-short = Lika: igen
forty-one-round-shared = { $names } delar omgång { $round } med { $score }
forty-one-round-shared-nobody = { $names } delar omgång { $round }: ingen kvalificerade sig
forty-one-round-shared-short = O{ $round } delad
forty-one-out = { $who ->
    [you] Du är
   *[other] { $name } är
    } ute ur matchen
forty-one-out-short = { $name } ute
forty-one-match-won = { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } matchen med { pile }!
forty-one-match-won-short = Match slut!
forty-one-rounds-replayed = { $round } ({ $replays ->
    [one] 1 omspel
   *[other] { $replays } omspel
    } efter lika)
forty-one-scored = fick { $score }
forty-one-scored-short = { $score } p
forty-one-seat-bust = sprack
forty-one-to-roll = ska kasta
forty-one-owes = skyldig { $owed }
forty-one-turn-bust = sprack: inga poäng
forty-one-so-far = poäng hittills { $score }
forty-one-so-far-none = poäng hittills —
forty-one-so-far-none-said = poäng hittills inga än
forty-one-turn-over = Omgång { $round } av { $rounds } · turen klar
forty-one-turn-over-short = O{ $round }/{ $rounds } · klar
forty-one-rolling = Omgång { $round } av { $rounds } · kast { $roll } av 6
forty-one-rolling-short = O{ $round }/{ $rounds } · kast { $roll }/6
forty-one-set-down = Undanlagt: { $down }
forty-one-set-down-short = Lagt: { $down }
forty-one-set-down-nothing = inget
forty-one-needs-said = { $four ->
    [yes] har
   *[no] ingen
    } 4:a, { $one ->
    [yes] har
   *[no] ingen
    } 1:a, { $score }
forty-one-round-result-won = Omgång { $round }: { $who ->
    [you] Du vinner
   *[other] { $name } vinner
    } med { $score }
forty-one-round-result-won-short = O{ $round }: { $name }
forty-one-round-result-shared = Omgång { $round }: delad
forty-one-round-result-shared-short = O{ $round } delad
forty-one-round-result-tied = Omgång { $round }: lika, spelas om
forty-one-round-result-tied-short = O{ $round } lika: igen
forty-one-to-beat = Att slå: { $score }
forty-one-to-beat-short = Slå: { $score }
forty-one-to-beat-none = inget än
forty-one-final-piles = Slutställning ({ $stakes ->
    [yes] marker
   *[no] vunna omgångar
    }):

## Jaga esset
chase-dealt = Omgång { $round }: { $who ->
    [you] Du ger
   *[other] { $name } ger
    }
chase-dealt-short = Omg. { $round }
chase-cut = { $who ->
    [you] Du häver
   *[other] { $name } häver
    } leken: { $card }
chase-cut-short = Häv: { $card }
chase-king = { $who ->
    [you] Du slänger
   *[other] { $name } slänger
    } ner en kung!
chase-king-short = Kung!
chase-lost-life = { $who ->
    [you] Du förlorar
   *[other] { $name } förlorar
    } ett liv ({ $left } kvar)
chase-lost-life-short = { $name } -1 liv
chase-on-grace = { $who ->
    [you] Du är
   *[other] { $name } är
    } på nåder: en förlust till och ute
chase-on-grace-short = { $name } på nåder
chase-out = { $who ->
    [you] Du är
   *[other] { $name } är
    } ute!
chase-out-short = { $name } ute
chase-void = Alla som är kvar skulle åka ut: omgången räknas inte
chase-void-short = Ogiltig
chase-stayner = Stayner! Alla är med igen med fulla liv
chase-stayner-short = Stayner!
chase-kept = behöll
chase-swapped = bytte
chase-swapped-short = byte
chase-cut-status = häv
chase-king-down = Kung ner
chase-king-down-short = K ner
chase-threw-king = { $who ->
    [you] Du slängde
   *[other] { $name } slängde
    } en kung: visning
chase-showdown = Visning
chase-shuffling = Blandar inför nästa giv
chase-shuffling-short = Blandar
chase-exchanges = Byten: { $who ->
    [you] din tur
   *[other] { $name } på tur
    }
chase-exchanges-short = { $who ->
    [you] din tur
   *[other] tur: { $name }
    }
chase-king-call = Släng ner kungen innan { $name } är på tur?
chase-king-call-short = Släng kungen?
chase-dealer-choice = Behåll eller häv: { $who ->
    [you] din tur
   *[other] { $name } på tur
    } (giv)
chase-dealer-choice-short = Giv: { $who ->
    [you] din tur
   *[other] { $name } på tur
    }
chase-over = Spelet slut
chase-over-short = Slut
chase-round = Omgång { $round } · { $phase }
chase-round-short = O{ $round } · { $phase }
chase-players-in = Spelare kvar: { $count }
chase-players-in-short = Kvar: { $count }
chase-on-grace-list = På nåder: { $names }
chase-on-grace-count = På nåder: { $count }

## Hjälp din granne
help-dice = Tärningar: tre T{ $sides }
help-dice-blank = Tärningar: tre T{ $sides }, { $blank }:an blank
help-dice-blanks = Tärningar: tre T{ $sides }, { $blanks } blanka
help-dice-short = 3T{ $sides }
help-owns = ÄGER { $owned }
help-owns-one = ÄGER #{ $owned }
help-owns-short = #{ $owned }
help-owns-said = äger { $owned }
help-owns-range = { $from } till { $to }
help-games-won = { $count ->
    [one] 1 parti vunnet
   *[other] { $count } partier vunna
    }
help-games-won-short = { $count } vunna
help-to-pay = Marker att betala: { $count }
help-to-pay-short = Betala: { $count }
help-game-of = Parti { $game } av { $rounds }
help-game-of-short = { $game }/{ $rounds }
help-paid-out = { $who ->
    [you] Du har
   *[other] { $name } har
    } betalat allt: parti { $game } av { $rounds } vunnet!
help-paid-out-short = { $who ->
    [you] Du tar
   *[other] { $name } tar
    } parti { $game }
help-game-begins = Parti { $round } av { $rounds }: { $who ->
    [you] Du kastar
   *[other] { $name } kastar
    } först
help-game-begins-short = Parti { $round }
help-match-won = { $who ->
    [many] { $name } delar på
    [you] Du vinner
   *[other] { $name } vinner
    } matchen med { $games ->
    [one] 1 parti
   *[other] { $games } partier
    }!
help-match-won-short = { $who ->
    [many] { $name } delar
    [you] Du vinner
   *[other] { $name } vinner
    } matchen!
help-games-won-line = Vunna partier:
