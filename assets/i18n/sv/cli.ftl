# Kommandoradens egna ord. Flaggor, id:n, nycklar och filnamn översätts aldrig.

cli-no-data-dir = ingen datamapp: sätt PARLOR_DATA_DIR eller ange --data-dir
cli-no-config-dir = ingen konfigurationsmapp: sätt PARLOR_CONFIG_DIR
cli-no-terminal = helskärmsläget behöver en terminal, och stdin eller stdout är ingen: { $instead }
cli-play-plain-instead = `parlor play GAME --plain` spelar i enkla rader, för skript och skärmläsare
cli-daily-plain-instead = `parlor daily --plain` spelar dagens giv i enkla rader
cli-replay-plain-instead = lägg till --plain för att skriva ut partiets logg
cli-more-problems = { $first } (och { $more } till: parlor config visar dem)
cli-passed-over = hoppade över en nyare fil: { $file }
cli-replay-title = == Repris av { $game }: { $rules } (frö { $seed }), { $status ->
    [finished] färdigspelat
   *[abandoned] avbrutet
    } ==
cli-no-games = Inga partier sparade än i { $file }.
cli-reset-needs-yes = --reset börjar om din statistik; lägg till --yes för att bekräfta
cli-reset-done = Statistiken { $game ->
    [all] {""}
   *[other] för { $game }{" "}
    }är nollställd; den gamla filen sparas som { $backup }
cli-reset-nothing = Ingen statistik { $game ->
    [all] {""}
   *[other] för { $game }{" "}
    }att nollställa i { $dir }
cli-stats-moved = { $file } gick inte att läsa ({ $reason }); den flyttades till { $moved_to }
cli-config-missing = { $file } (finns inte än: varje inställning har sitt standardvärde; inställningsskärmen skriver filen)
cli-config-data = data: { $dir } (statistik, repriser)
cli-config-no-data = data: ingen (ingen datamapp: sätt PARLOR_DATA_DIR eller --data-dir)
cli-config-default = standard
cli-terminal-failed = terminalen slutade fungera: { $reason }
cli-cannot-read-stdin = kan inte läsa stdin: { $reason }
cli-cannot-catch-signals = kan inte fånga signaler ({ $reason }): Ctrl-C sparar inte partiet
cli-setups-moved = { $file } gick inte att läsa ({ $reason }); den sparades som { $kept } och började om
cli-setups-damaged = inga sparade uppställningar ({ $reason })
