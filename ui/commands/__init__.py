"""One module per ``baccarat-table`` subcommand, imported only when it runs (see ui.cli)."""
