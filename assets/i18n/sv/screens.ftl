# Helskärmens egna ord: menyn, bordets ram, panelerna över det, meddelanden.

menu-intro = Folkliga tärnings- och kortspel. Välj ett spel:
menu-daily = Dagens giv
menu-daily-tagline = Fyrtioett, samma tärningar för alla i dag; du mot experten
menu-settings = Inställningar
menu-settings-tagline = Tema, ASCII, takt, mus, ljud, ditt namn, botnivåer

too-small = Gör terminalen minst { $width } x { $height } (nu { $now_width } x { $now_height })

overlay-help-title = Hjälp (↑↓ rullar, annan tangent stänger)
overlay-rules-title = Regler (↑↓ rullar, annan tangent stänger)
confirm-quit-title = Avsluta?
confirm-quit = Avsluta salongen? Partiet räknas som avbrutet.
confirm-leave-title = Lämna partiet?
confirm-leave = Tillbaka till menyn? Partiet räknas som avbrutet.
confirm-leave-shared-title = Lämna bordet?
confirm-leave-shared = Tillbaka till borden? En bot spelar din plats tills du kommer tillbaka.
confirm-quit-shared = Lämna salongen? En bot spelar din plats tills du kommer tillbaka.
confirm-leave-lobby-title = Lämna?
confirm-leave-lobby = Lämna salongen?
confirm-new-game-title = Nytt parti?
confirm-new-game = Ge ett nytt parti? Det här räknas som avbrutet.
confirm-keys = y ja    annan tangent: spela vidare

table-log = Logg
table-log-scrolled = Logg (↑{ $scroll }, PgDn för senaste)
table-rolling = { $who ->
    [you] Du kastar…
   *[other] { $name } kastar…
    }
table-rolled = { $who ->
    [you] Du kastade
   *[other] { $name } kastade
    }
table-opening-hint = { $tagline }. Dina val står under bordet när det är din tur; { $rules } visar reglerna, { $help } alla tangenter.

status-table-opened = Bord { $table }: vänner sätter sig via borden; Enter startar, bottar på lediga platser
status-table-waiting = Bord { $table }: väntar på att den som öppnade det ska starta
status-handover = Lämna över tangentbordet
status-peek = { $name }: ditt nya kort ligger på bordet · Enter gömmer det
status-paused = Pausat: { $pause } fortsätter, { $step } tar ett drag
status-held = Valfri tangent: fortsätt
status-showing = Valfri tangent: hoppa till nu
status-to-roll = { $who ->
    [you] Din tur att kasta
   *[other] { $name }s tur att kasta
    }
status-deciding = { $who ->
    [you] Du funderar…
   *[other] { $name } funderar…
    }

header-bots-instant = bottar direkt
header-bots-speed = bottar { $seconds } s per drag
header-daily = dagens giv { $day }
header-clock = { $who ->
    [you] din tur: { $left } s kvar
   *[other] { $name }s tur: { $left } s kvar
    }
header-seed = frö { $seed }
header-replay = REPRIS steg { $at } av { $last }, { $state ->
    [playing] spelar
   *[stopped] stoppad
    }
header-watching = TITTAR
header-paused = PAUSAT
header-auto = AUTO

game-over-title = Partiet är slut
game-over-seed = Frö: { $seed }
game-over-code = spelkod: { $code }
game-over-copied = (kopierad till urklipp, där terminalen tillåter)

handover-title = Din tur
handover-pass = Lämna tangentbordet till { $name }.
handover-press-enter = { $name }: tryck Enter när bara du ser skärmen.

notice-abandoned = partiet som pågick sparades som avbrutet
notice-abandoned-replay = partiet som pågick sparades som avbrutet; dess repris finns i { $path }
notice-no-longer-at-table = du sitter inte längre vid bordet { $table }
notice-no-odds-in-daily = odds och tips är avstängda i dagens giv: genomgången har dem när partiet är slut

lobby-title = parlor: borden på den här servern
lobby-new-table = Ett nytt bord, du på plats 1 och de andra lediga. Dess spel:
lobby-no-tables = Inga bord är öppna än: n öppnar ett för vänner att sätta sig vid.
lobby-enter = Enter sätter dig vid det valda bordet, eller låter dig titta på det.
lobby-head-table = bord
lobby-head-game = spel
lobby-head-seats = plats
lobby-head-state = läge
lobby-head-watching = tittar
lobby-head-players = spelare

odds-title = Odds ({ $key } döljer)
odds-title-found = Odds · { $method } ({ $key } döljer)
odds-title-estimated = Odds · { $method } ±{ $error } ({ $key } döljer)
odds-working = räknar ut oddsen…
odds-heading = chans { $what }
odds-heading-shared = chans { $what }, oavgjort för var
odds-dice-heading = om lagd: kval · snitt · slår · omgång
odds-dice-short = omgång om lagd:
odds-chase-heading = Chans att du hamnar lägst:
odds-chase = behåll { $keep } · byt { $change }
odds-chase-short = lägst: behåll { $keep } · byt { $change }

stats-title = Din statistik (← → ett spel, annan tangent stänger)
stats-empty = Inga partier sparade än: spela klart ett parti så syns det här.
stats-win-share = Vinstandel per spel (spelade)
screen-stats-recent = { $count ->
    [0] Dina senaste partier
    [one] Ditt senaste parti
   *[other] Dina senaste { $count } partier
    }
stats-recent-of = { $count ->
    [0] Dina senaste partier av { $game }
    [one] Ditt senaste parti av { $game }
   *[other] Dina senaste { $count } partier av { $game }
    }
stats-win-letter = V
stats-loss-letter = F
stats-head-game = spel
stats-head-played = spelat
stats-head-won = vunnit
stats-head-streak = svit
stats-head-best-win = bästa
stats-played = Spelat { $games } · vunnit { $wins } ({ $percent }) · förlorat { $lost } · avbrutit { $abandoned } · autospelat { $auto }
screen-stats-streak = Svit { $streak } (längsta { $longest })
stats-streak-best = Svit { $streak } (längsta { $longest }) · { $label }: { $best }
stats-watched = Tittat på { $count ->
    [one] { $count } parti
   *[other] { $count } partier
    }
stats-your-figure = Dina { $figure }
stats-watched-by-seat = Tittat: vinster per plats ({ $seat_zero })
stats-seat = plats { $seat }

review-working = Gör genomgången: varje val mot det bästa, varje plats chanser…
review-failed = Genomgången gick inte att göra för det här partiet.
screen-review-title = Genomgång av { $game }
review-chances-only = hur varje plats chans rörde sig
screen-review-accuracy = { $name }: träffsäkerhet { $accuracy }
review-accuracy-marks = { $name }: träffsäkerhet { $accuracy }, { $marks }
review-blunders = { $count ->
    [one] { $count } grovt fel
   *[other] { $count } grova fel
    }
review-mistakes = { $count ->
    [one] { $count } misstag
   *[other] { $count } misstag
    }
review-inaccuracies = { $count ->
    [one] { $count } miss
   *[other] { $count } missar
    }
review-decisions = Beslut med val ({ $count })
screen-review-swings = Största omslagen
review-no-decisions = Inget beslut hade mer än ett val.
screen-review-no-swings = Ingen plats chans rörde sig mycket.
review-row-best = { $place }  { $chosen }  bäst
review-row = { $place }  { $chosen } (bäst { $best })  -{ $cost }  { $mark }
review-set = lägg { $face }
review-lowest = lägst
screen-review-die = tärning
review-win = vinst
review-qualify = kval
review-mean = snitt
review-chart-exact = Chans att vinna (exakt)
review-chart-estimated = Chans att vinna (vissa punkter uppskattade)
review-start = start
review-exact = exakt
review-estimated = uppskattat
review-estimated-error = uppskattat ±{ $error }
