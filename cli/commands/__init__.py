"""One module per subcommand; each is imported only when its command runs."""
