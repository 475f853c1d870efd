# Radläget (`--plain`, och en gästs rader vid ett delat sällskapsrum): det som läget självt
# säger, för en skärmläsare eller ett skript. Ord, inte symboler.

## Ett eget parti

lines-game-header = { $title }{ $games ->
        [one] {""}
       *[other] {" "}parti { $game } av { $games }
    }: { $settings }{ $seeded ->
        [yes] , frö { $seed }
       *[no] {""}
    }.
lines-daily-header = Dagens giv { $day }: { $title }, { $settings }.
lines-daily-practice = Övning: dagens giv är redan räknad.
lines-game-abandoned = Partiet avbröts.
lines-game-took = Partiet tog { $turns ->
        [one] 1 tur
       *[other] { $turns } turer
    }{ $rounds ->
        [0] .
        [one] {" "}på 1 omgång.
       *[other] {" "}på { $rounds } omgångar.
    }
lines-seed-and-code = Frö: { $seed }, spelkod: { $code }

lines-seat-holding = { $name }: { $holding }
lines-seat-holding-status = { $name }: { $holding }, { $statuses }

## Kort som sägs till den som håller dem

lines-your-card = { $name }, ditt kort är { $card }.
lines-your-card-now = { $name }, ditt kort är nu { $card }.

## Ett beslut

lines-your-move = { $name }, ditt drag: { $choices }. Enter för { $first }, ? för hjälp, q för att avsluta
lines-type-key = Skriv en av { $keys }, ? för hjälp eller q för att avsluta.
lines-type-number = { $count ->
        [one] Skriv 1
       *[other] Skriv ett tal från 1 till { $count }
    }, ? för hjälp eller q för att avsluta.
lines-help-intro = Skriv något av detta och tryck Enter:
lines-help-enter = Bara Enter: det första, { $label }
lines-help-odds = o: oddsen, i ord
lines-help-odds-daily = o: oddsen, som inte ges i dagens giv
lines-help-holdings = h: allas innehav och markeringar
lines-help-again = ?: de här svaren igen
lines-help-quit = q: lämna partiet, det räknas som avbrutet
lines-no-odds-daily = Inga odds i dagens giv: den spelas på eget omdöme, lika för alla.

## Oddsen i ord

lines-odds-exact = Odds, exakta: chansen { $what }{ $tie ->
        [yes] , där oavgjort räknas för var och en som delar det
       *[no] {""}
    }: { $chances }.
lines-odds-sampled = Odds, uppskattade ur provspel med en felmarginal på { $error }: chansen { $what }{ $tie ->
        [yes] , där oavgjort räknas för var och en som delar det
       *[no] {""}
    }: { $chances }.
lines-odds-seat = { $name } { $chance }
lines-odds-face = Lägger du ner { $face }: { $qualify } att kvala in, { $points } poäng i snitt, { $beat } att slå poängen att slå, { $win } att vinna omgången{ $best ->
        [yes] , bäst.
       *[no] .
    }
lines-odds-chase = Chansen att du hamnar lägst och förlorar ett liv, lägre är bättre: { $keep } om du behåller, { $change } om du byter.

## En gäst i ett delat sällskapsrum

lines-goodbye = Hej då.
lines-lobby-keys = I lobbyn: ett bords nummer, eller join NAMN, sätter dig vid det eller låter dig titta; new SPEL öppnar ett bord, spel: { $games }, eller 1 till { $count }, gärna följt av flaggorna till play SPEL, som i new lcr --players 3 --speed 0; l räknar upp borden igen; brief eller full väljer vad som sägs om bordet efter varje tur; lang sv eller lang en språket; q lämnar sällskapsrummet.
lines-table-keys = Vid ett bord: på din tur, ett vals tangent eller nummer, Enter för det första; h säger allas innehav; t vems tur det är; s startar partiet, om du öppnade bordet; brief säger innehaven som ändrats efter varje tur, full hela bordet; leave går tillbaka till lobbyn; q lämnar sällskapsrummet.
lines-now-brief = Efter varje tur: innehaven som ändrats.
lines-now-full = Efter varje tur: hela bordet.
lines-which-game = Vilket spel? new lcr, new forty-one och så vidare, eller new 1 till new { $count }.
lines-no-such-table = Det finns inget bord { $number }.
lines-refused = Nekat: { $why }.
lines-lobby-empty = Lobbyn: inga bord är öppna. Skriv new lcr, eller ett annat spel, för att öppna ett, ? för tangenterna.
lines-lobby = Lobbyn: { $tables ->
        [one] 1 bord öppet
       *[other] { $tables } bord öppna
    }. Skriv ett nummer för att sitta eller titta, new SPEL för att öppna ett, ? för tangenterna.
lines-lobby-numbered = { $number }. { $table }
lines-listing = { $name }: { $title }, { $phase }, { $people }{ $open ->
        [0] {""}
        [one] {" "}och 1 ledig plats
       *[other] {" "}och { $open } lediga platser
    }{ $watchers ->
        [0] {""}
       *[other] , { $watchers } tittar
    }
lines-nobody = ingen
lines-table-opened = Nytt bord: { $table }
lines-table-moved-on = Bordet { $name } är { $phase }.
lines-table-closed = Bordet { $name } stängdes.
lines-list-again = Skriv l för listan med nummer.
lines-greet-seat = Du sitter på plats { $seat } vid bordet { $table }: { $title }, { $settings }. ? för tangenterna.
lines-greet-watch = Du tittar vid bordet { $table }: { $title }, { $settings }. ? för tangenterna.
lines-waiting-seat = plats { $seat } { $name }
lines-table-waits = Bordet väntar: { $seats }.
lines-start-hint = Skriv s för att starta partiet: bottar tar de lediga platserna.
lines-no-longer-at-table = Du är inte längre vid bordet { $table }.
lines-game-starts = Partiet börjar: { $names }.
lines-seat-open-again = Plats { $seat } är ledig igen.
lines-sits-in-seat = { $name } sätter sig på plats { $seat }.
lines-seat-renamed = Plats { $seat } heter nu { $name }.
lines-clock = Du har { $seconds ->
        [one] 1 sekund
       *[other] { $seconds } sekunder
    } på dig för varje tur.
lines-table-ended = Bordet avslutades: { $why }
lines-recorded = Partiet finns i din statistik. Skriv leave för lobbyn.
lines-your-turn = Din tur.
lines-you-leave = Du lämnar bordet { $table }.
lines-guest-your-move = Ditt drag: { $choices }. Enter för { $first }
lines-guest-type-key = Skriv en av { $keys }, eller ? för tangenterna.
lines-guest-type-number = { $count ->
        [one] Skriv 1
       *[other] Skriv ett tal från 1 till { $count }
    }, eller ? för tangenterna.
lines-not-started = Partiet har inte börjat.
lines-it-is-your-turn = Det är din tur.
lines-game-over = Partiet är slut.
lines-whose-turn = { $name } står på tur.
lines-chance-decides = Tärningarna eller korten avgör.
