"""One module per subcommand; each is imported only when its command runs."""

#: every command takes -h as well as --help, invoked through the group or on its own (here, not
#: in :mod:`kifu.commands.options`, so that a command without options of its own imports nothing)
HELP = {"help_option_names": ["-h", "--help"]}
