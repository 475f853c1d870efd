variant-name = { $variant ->
    [reversed-faces] omvända sidor
    [ace-finale] essfinal
    [pass-right] åt höger
    [one-finale] kort final
    [threes-travel] resande treor
    [jackpot] jackpott
    [wild] joker
    [grace] nåd
    [king-stops] kungen stoppar
    [stayner] stayner
    [double-burn] dubbelbränn
    [pass-alternate] växelvis
    [buy-throw] köpt kast
   *[other] { $variant }
    }

aces-title = Ess i potten
aces-short-title = Ess
aces-tagline = Ess betalar potten, sexor går åt vänster; klara tre kast ensam
lcr-title = LCR (Vänster Mitten Höger)
lcr-short-title = LCR
lcr-tagline = Vänster, höger, mitten: den sista med marker kvar tar potten
swedish-title = Svenska ess
swedish-short-title = SvEss
swedish-tagline = Bli av med dina tärningar; den som skickar den sista till mitten förlorar
forty-one-title = Fyrtioett
forty-one-short-title = 41
forty-one-tagline = Sex kast, en tärning undan varje gång: en 4:a och en 1:a, sedan poäng
chase-title = Jaga esset
chase-short-title = Jaga
chase-tagline = Ett kort var: behåll det eller byt åt vänster; lägst förlorar ett liv
help-title = Hjälp din granne
help-short-title = Hjälp
help-tagline = Varje slaget tal får sin ägare att betala: först av med alla marker vinner

seat-zero-first-to-act = 0 = först att spela
seat-zero-first-dealer = 0 = första givare
seat-zero-first-to-roll = 0 = först att kasta
seat-zero-opening-winner = 0 = vann öppningskastet

goal-win-game = att vinna spelet
goal-not-lose = att inte förlora
goal-win-match = att vinna matchen
chart-not-losing = Chans att inte bli förloraren
chart-winning = Chans att vinna
progress-turn = tur
progress-round = omgång

aces-biggest-win-yours = flest marker du vunnit med (potten och dina egna)
aces-biggest-win-anyone = flest marker en vinnare slutat med (potten och egna)
biggest-pot-yours = största pott du vunnit
biggest-pot-anyone = största vunna pott
forty-one-biggest-win-yours = största hög du vunnit matchen med
forty-one-biggest-win-anyone = största vinnande hög

aces-finales-survived = klarade finaler (tre säkra kast ensam)
forty-one-best-turn = bästa tur
forty-one-perfect-24s = perfekta 24:or
chase-wins-by-lives = vinster efter liv kvar
unit-point = poäng
unit-points = poäng
unit-life = liv
unit-lives = liv

forty-one-measure = chans att vinna omgången
forty-one-decision = tärning undanlagd
forty-one-decisions = tärningar undanlagda
chase-measure = chans att inte bli lägst i omgången
chase-options-heading = chans att bli lägst i omgången
chase-decision = beslut
chase-decisions = beslut

swedish-rule-change-threes = med resande treor får en 3:a nu behållas, och att ge bort en ger inte längre ett kast
forty-one-rule-change-bust = i Fyrtioett går en sprickas mark nu till nästa omgångs pott, och utan insatser delas lika i stället för att spelas om
chase-rule-change-kings = med kungen stoppar får en kung nu slängas när som helst i omgången

variant-reversed-faces = Sexor betalar potten och ess går åt vänster; finalen undviker esset
variant-ace-finale = I finalen är det den betalande sidan som ska undvikas
variant-pass-right = Marker och finalens överlämning går åt höger, inte vänster
variant-one-finale = Ett dåligt finalkast avslutar spelet: grannen vinner
variant-threes-travel = Du får ge varje 3:a du kastar till valfri spelare
variant-jackpot = En extra mark ligger i potten från start, till vinnaren
variant-wild = En 6:a är en joker: ta en mark från någon spelare som har en
variant-grace = Den som förlorar sitt sista liv är på nåder en omgång till
variant-king-stops = En kung som läggs upp när som helst stoppar omgången
variant-stayner = Med nåd: blir de två sista lika på nåder är alla med igen
variant-double-burn = En givare som häver till sin egen valör, lägst, förlorar två liv
variant-pass-alternate = Marker går åt vänster en omgång, åt höger nästa, och så vidare
variant-buy-throw = Före en final, köp ett förlåtet kast för en mark

bot-standard = standard
bot-novice = nybörjare
bot-safe = försiktig
bot-expert = expert
bot-threshold = tröskel

plays-roll = kasta
plays-set-down = lägg undan en { $face }:a
plays-give-three = ge trean till plats { $seat }
plays-take-chip = ta en mark från plats { $seat }
plays-keep = behåll
plays-exchange = byt
plays-cut = häv
plays-throw-king = släng ner kungen
plays-keep-three = behåll trean
plays-buy-throw = köp ett extrakast
