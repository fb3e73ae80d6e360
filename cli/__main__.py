"""``python -m kifu``."""

from kifu.app import main

if __name__ == "__main__":
    main()
