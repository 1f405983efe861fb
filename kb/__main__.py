import sys

try:
    from kb.cli.main import main
except KeyboardInterrupt:  # Ctrl-C while starting up: the same one line as once running
    sys.stderr.write("kb: interrupted\n")
    sys.exit(130)

main()
