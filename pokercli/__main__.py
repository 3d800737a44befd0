from pokercli.cli import main

main()
