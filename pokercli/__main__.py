from pokercli.entry import main

main()
