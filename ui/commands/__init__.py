"""One module per ``baccarat-table`` subcommand (see ui.cli)."""
