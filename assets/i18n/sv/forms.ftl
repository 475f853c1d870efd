# Formulären: ett spels förberedelse och salongens inställningar. En rads etikett ryms på
# 24 kolumner.

form-more = fler
form-seat-you = Du
form-seat-bot = bot

setup-title = { $game } — nytt parti
setup-players = Spelare
setup-chips-each = Marker var
setup-dice-each = Tärningar var
setup-lives = Liv
setup-counters-each = Marker var
setup-seats = Platser (du/bot)
setup-name-at = Namn på plats { $seat }
setup-level = Botnivå
setup-stakes = Insatser
setup-bank = Startbank
setup-rounds = Omgångar
setup-variant = Variant { $variant }
setup-seed = Frö
setup-seed-random = slumpat (visas i slutet)
setup-start = [ Starta partiet ]
setup-on = på
setup-off = av
setup-off-reduced-motion = av (mindre rörelse)

setup-note-players = Hur många platser bordet har (←→)
setup-note-amount = Vad varje spelare börjar med (←→)
setup-note-seats = ←→ välj en plats, Mellanslag gör den till din eller en bots
setup-note-name = Skriv ett namn (Backspace raderar); loggen och visningen använder det
setup-note-level = Hur bottarna spelar (←→); GUIDE.md beskriver varje nivå
setup-note-stakes = På: marker byter ägare; av: spela bara om vunna omgångar
setup-note-bank = Marker varje spelare börjar matchen med (←→)
setup-note-rounds = Omgångar i matchen (←→)
setup-note-animation = Tärningarna rullar innan de landar; av visar varje resultat direkt
setup-note-seed = Skriv ett frö för att ge samma parti igen; Mellanslag: ett slumpat, som visas i slutet
setup-note-start = Enter startar partiet

setup-error-seed = '{ $seed }' är inget frö (0 till 2^64-1)
setup-error-unnamed = person { $person } behöver ett namn
setup-error-same-name = två heter { $name }: byt namn på en
setup-not-remembered = förberedelsen kunde inte sparas: { $why }

settings-title = Inställningar
settings-language = Språk
settings-language-auto = auto
settings-theme = Tema
settings-theme-dark = mörkt
settings-theme-light = ljust
settings-theme-auto = auto
settings-theme-high-contrast = hög kontrast
settings-ascii = Bara ASCII
settings-speed = Bottarnas fart
settings-speed-instant = direkt
settings-speed-per-move = { $seconds } s per drag
settings-animation = Tärningsanimation
settings-mouse = Mus
settings-bell = Ljud när det är din tur
settings-name = Ditt namn
settings-bots = Bottar i { $game }
settings-save = [ Spara ]

settings-note-language = Skärmarnas språk; auto följer systemets språk (LANG)
settings-note-theme = mörkt, ljust, auto (efter terminalens bakgrund), hög kontrast
settings-note-ascii = Rita bara med ASCII, för terminaler och typsnitt utan symbolerna
settings-note-speed = Hur länge en bot väntar före varje drag; visningens takt följer den
settings-note-animation = Tärningarna rullar innan de landar; av visar varje drag direkt
settings-note-mouse = Av lämnar musen åt terminalen, för att markera och kopiera text
settings-note-bell = Plinga med terminalens klocka när din tur kommer efter bottarna
settings-note-name = Din plats namn vid bordet (Backspace raderar)
settings-note-bots = Botnivån varje nytt parti av det här spelet börjar med
settings-note-save = Enter sparar i konfigurationsfilen (parlor config visar var)

settings-error-empty-name = ditt namn kan inte vara tomt
settings-error-no-config-dir = ingen konfigurationsmapp: sätt PARLOR_CONFIG_DIR
settings-error-save = kan inte spara: { $why }
settings-saved = inställningarna sparade i { $path }
settings-saved-kept = inställningarna sparade i { $path }; den gamla filen hade rader som inte gick att läsa och finns kvar som { $kept }
settings-note-language-pinned = --lang valde språket för den här körningen: ett språk som sparas här gäller nästa gång
