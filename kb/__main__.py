from kb.cli.main import main

main()
