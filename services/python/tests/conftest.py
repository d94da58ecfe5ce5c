import sys
from pathlib import Path

# The packages live beside this folder; the generated stubs are not needed by these tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
