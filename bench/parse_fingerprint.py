"""A fingerprint of everything the rules parser gives for every release: to check that a change to
decoding or parsing leaves every record, skip, diagnostic, line number and count as it was.

    python3 bench/parse_fingerprint.py [--dump DIR] [--compare DIR] [FILE ...]

Prints one SHA-256 per release and one for all of them. With --dump, writes each release's parse as
JSON into DIR; with --compare, checks each release against such a dump and names the first
difference (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_parse import default_files  # noqa: E402

from kb.decode import decode_bytes  # noqa: E402
from kb.model import to_data  # noqa: E402
from kb.parse.cr import check_accounting, parse_cr, parse_cr_text  # noqa: E402


def release_data(path: Path) -> dict:
    """Everything the parser says of one release, both through `parse_cr` and through
    `decode_bytes` + `parse_cr_text`, as plain data."""
    doc = parse_cr(path)
    data = to_data(doc)
    data["counts"] = doc.counts()
    data["accounting"] = check_accounting(doc)
    text, decoding = decode_bytes(path.read_bytes(), str(path))
    data["decoded_text_sha256"] = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    data["decoding_direct"] = to_data(decoding)
    again = to_data(parse_cr_text(text, str(path), decoding))
    data["same_through_text"] = again == to_data(doc)
    return data


def canonical(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)


def first_difference(old, new, where: str = "") -> str | None:
    if type(old) is not type(new):
        return f"{where}: {old!r:.200} != {new!r:.200}"
    if isinstance(old, dict):
        for key in sorted(set(old) | set(new)):
            if key not in old or key not in new:
                return f"{where}.{key}: only in {'new' if key in new else 'old'}"
            found = first_difference(old[key], new[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(old, list):
        for i, (a, b) in enumerate(zip(old, new)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(old) != len(new):
            return f"{where}: {len(old)} items, now {len(new)}"
        return None
    return None if old == new else f"{where}: {old!r:.200} != {new!r:.200}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--dump", type=Path, help="write each release's parse as JSON here")
    parser.add_argument("--compare", type=Path, help="compare each release with a dump made by --dump")
    args = parser.parse_args(argv)
    files = args.files or default_files()
    total = hashlib.sha256()
    differing = 0
    for path in sorted(files):
        data = release_data(path)
        text = canonical(data)
        digest = hashlib.sha256(text.encode()).hexdigest()
        total.update(f"{path.name} {digest}\n".encode())
        print(f"{digest[:16]}  {path.name}")
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            (args.dump / f"{path.name}.json").write_text(text, encoding="utf-8")
        if args.compare:
            old = json.loads((args.compare / f"{path.name}.json").read_text(encoding="utf-8"))
            found = first_difference(old, json.loads(text))
            if found:
                differing += 1
                print(f"  DIFFERS {found}")
    print(f"{total.hexdigest()}  all {len(files)} releases" + (f"; {differing} differ" if args.compare else ""))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
