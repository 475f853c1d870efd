# Vad `parlor host` säger till sina gäster (src/host/, src/shared_table/): nej i dörren,
# farväl, vad ett delat bord säger till alla vid det, och webbsidans egna ord. Värdens
# konsol och logg är på engelska och finns inte här. "parlor: " före en rad är programmets
# namn, som "ssh: ", och hör inte till meddelandet.

## Namn

name-banned = namnet { $name } är bannlyst här
key-banned = den här nyckeln är bannlyst här
name-taken = namnet { $name } hör till en annan nyckel eller webbläsare: kom in med din egen, eller välj ett annat namn
names-per-key = den här nyckeln eller webbläsaren har redan { $most } namn, sitt högsta: kom in under ett av dem
names-from-source = för många nya namn kom från din adress den här timmen: kom in under ett namn du har, eller senare
names-book-full = parlorens namnbok är full: kom in under ett namn du har, eller fråga värden
name-invalid = '{ $name }' kan inte vara ett namn här: 1 till { $most } bokstäver, siffror, - eller _
name-mixed-scripts = '{ $name }' kan inte vara ett namn här: bokstäverna kommer från mer än ett alfabet (som latinskt och kyrilliskt) och kan tas för ett annat namn
name-with-hint = { $refusal }: ssh -p { $port } NAMN@host
browser-secret-invalid = webbläsarens hemlighet för ett namn måste vara 32 till 128 bokstäver, siffror, - eller _

## Dörren

parlor-full = parloren är full: alla platser är tagna. Försök igen senare.
address-full = din adress har redan { $count } gäster här, det högsta en adress får ha: försök igen när någon går
no-one-came-in = ingen kom in på den här anslutningen
no-session = ingen session att öppna parloren i
needs-terminal = parloren behöver en terminal: ssh -t -p { $port } { $name }@host ... (eller, i rader för skärmläsare, ssh -p { $port } { $name }@host plain)
already-open = parloren var redan öppen på den här kanalen
could-not-open = parloren kunde inte öppnas: { $why }

## Inbjudningar

invite-missing = sidans adress har ingen inbjudan: be värden om en länk
invite-unknown = den här inbjudan är inte parlorens (eller så har parloren startats om sedan dess): be värden om en ny länk
invite-expired = inbjudan har gått ut: be värden om en ny länk
invite-used = inbjudan gällde ett besök, och den är redan använd: be värden om en till
browser-late = du satte dig inte inom { $lasting }
browser-no-hello = webbläsarens första meddelande är inte en parlors hälsning: { $why }
browser-left = du lämnade parloren

## En gästs kommando (ssh HOST KOMMANDO)

not-the-parlors = här körs bara parloren: `play GAME [flaggor] [--table NAMN]` sätter dig vid ett bord, `join NAMN` vid en väns, `plain` öppnar lobbyn i rader (för skärmläsare), och vanlig `ssh` öppnar parlorens lobby
plain-not-served = play --plain serveras inte här: `plain` öppnar parlorens lobby och delade bord i rader
data-dir-hosts = --data-dir väljer värden: dina spel sparas under ditt namn
seed-at-shared-table = --seed och --code tas inte vid ett delat bord: den som känner ett bords frö kan räkna ut varje dolt kort. Bordet drar sitt eget, som visas när partiet är slut.
opens-no-table = `{ $command }` öppnar inget delat bord

## Farväl

idle-farewell = inget skrevs på { $lasting }, så din plats lämnades över
host-closed = värden stängde parloren
sent-away = värden skickade i väg dig
left-invited-table = din inbjudan gällde bordet { $table }, och du lämnade det: öppna länken igen för att komma tillbaka
went-wrong = något gick fel, och parloren stängdes
screen-failed = skärmen fungerade inte: { $why }
line-failed = raden gick inte fram: { $why }
parlor-closed = parloren stängdes
guest-dir-called = din mapp hos värden

## Språket (lang en, lang sv)

# Sägs på det språk som just valts: varje språk nämner sig självt.
language-now = Nu pratar parloren svenska.
language-usage = lang en: English (engelska); lang sv: svenska.

## Delade bord

table-none = det finns inget bord { $table } här
table-name-taken = bordet { $table } är upptaget: välj ett annat namn
tables-full = här är redan { $count } bord öppna, det högsta som går
table-name-bad = ett bords namn är 1 till { $most } bokstäver, siffror, '-' eller '_'
table-already-there = { $name } sitter redan vid det här bordet
table-not-opened = bordet kunde inte öppnas: { $why }
tables-each = du har redan { $count } bord öppna, det högsta en person får ha
table-not-invited = din inbjudan gäller bara bordet { $table }
table-not-set-up = det nya bordet kunde inte ställas i ordning: { $why }
phase-waiting = väntar
phase-playing = spelar
phase-over = slut
turn-ran-out = tiden för { $name } ({ $seconds } s) tog slut: platsens bot spelade turen
turns-ran-out = { $name } lät { $count } turer i rad gå ut: platsens bot spelar vidare tills { $name } sätter sig vid bordet igen
result-not-kept = ditt resultat sparades inte: { $notice }
ended-untouched = ingen spelade vid bordet { $table } på { $lasting }
ended-all-left = alla lämnade bordet { $table }
ended-by-host = värden stängde bordet { $table }
ended-recorded = { $why }; partiet sparades som avbrutet

## Webbsidan (index.html och parlor.js)

page-tagline = Folkliga tärnings- och kortspel, vid en väns bord.
page-name = Ditt namn vid bordet
page-name-hint = Bokstäver, siffror, - eller _. Webbläsaren sparar namnet åt dig: en annan webbläsare kan inte ta det.
page-reader = Skärmläsare: parloren i textrader, inte ritad
page-sit = Sätt dig
page-lines-title = parlor, i rader
page-log-title = Vad som sagts
page-command = Ditt kommando (? för tangenterna)
page-send = Skicka
page-needs-script = Parloren behöver JavaScript för att rita sina bord.
page-left = Du lämnade parloren.
page-lost = Anslutningen till parloren bröts.
page-no-invitation = Sidan behöver en inbjudan: be värden om en länk.
page-no-screen = Parlorens skärm kunde inte laddas:
