/// The text of `feed --help`.
enum HelpText {
    static let version = "feed 0.1.0"

    static func usage(flags: String, options: String, headless: String) -> String {
        """
        feed — an infinite photo feed in the terminal, built from swappable modules.

        Usage:
          feed [--server URL] [--enable K]… [--disable K]… [--ascii]
                                    the feed screen (one plain frame when stdout is not a terminal)
          feed --headless [--server URL] [--enable K]… [--disable K]…
                                    commands on stdin, one JSON state per line on stdout
          feed serve [--port N] [--posts N] [--seed N] [--latency MS] …
                                    only the reference server (feed serve --help)
          feed flags [--server URL] [--enable K]… [--json]
                                    resolved feature flags and where each value came from
          feed logout [--server URL] [--user NAME] [--data-dir DIR]
                                    delete everything stored for that user on that server
          feed queue [--server URL] [--user NAME] [--data-dir DIR]
                                    the likes waiting on this device to be sent (persistent-like-queue)
          feed stats [--server URL] [--user NAME] [--data-dir DIR] [--json]
                                    this device's telemetry: failure rates per owning team, charts
          feed --help | --version

        Options:
          --server URL       any server that speaks the feed API; without it, feed starts the
                             reference server in-process on a free 127.0.0.1 port
          --enable K         switch the follow-up K on (see the flags below)
          --disable K        switch the follow-up K off
          --flags-file PATH  JSON {"flags":{"K":true}}; default $XDG_CONFIG_HOME/feed/flags.json
          --data-dir DIR     one folder for every file of the user; default: saved pages and photos in
                             $XDG_CACHE_HOME/feed (~/.cache/feed), likes not yet sent in
                             $XDG_STATE_HOME/feed (~/.local/state/feed)
          --user NAME        whose saved pages these are (default demo): one file per server and user
          --ascii            ASCII hearts [<3] [  ] [??] [..] and frames (and no photos)
          --photos on|off    load and draw photos (default on; drawn only in colour terminals)
          --graphics MODE    auto|kitty|sixel|blocks: photos by a terminal graphics protocol or in half blocks
                             (default auto: kitty or sixel when the environment names such a terminal)
          --image-memory MB  the memory cache of decoded photos (default 16)
          --request-timeout MS how long one API request may take (default 10000; slow networks)
        \(options)
          --flags-interval MS how often the remote flags are read again (default 300000)
          --verbose          log the embedded server's requests on stderr
          --telemetry local|on|off
                             local (default): recorded on this device for `feed stats`, never sent;
                             on: sent to the server (and --otlp); off: nothing recorded, the queue
                             deleted. Also FEED_TELEMETRY and "telemetry" in the flags file
          --otlp URL         also send telemetry to an OpenTelemetry collector (OTLP/HTTP JSON)
          --telemetry-interval MS how often waiting events are sent (default 30000)

        Flags (also FEED_FLAGS="k1,-k2"; remote GET /v1/flags; the flags file):
        \(flags)

        Headless commands: \(headless)
        """
    }
}
