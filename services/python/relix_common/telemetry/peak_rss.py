"""Peak resident memory of this process, read from the kernel's own high-water mark (VmHWM),
which writing "5" to /proc/self/clear_refs starts anew. Exact, and no sampling thread; where the
reset is refused, a 100 ms sampler keeps the peak instead, as the Node services do."""

import threading
import time

_PAGE = 4096
try:
    import os

    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (ValueError, OSError, AttributeError):
    pass


def current_rss() -> int:
    with open("/proc/self/statm", "rb") as statm:
        return int(statm.read().split()[1]) * _PAGE


def _kernel_peak() -> int:
    with open("/proc/self/status", "rb") as status:
        for line in status:
            if line.startswith(b"VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def _reset_kernel_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")
        return True
    except OSError:
        return False


class PeakRss:
    def __init__(self) -> None:
        self._since_ms = int(time.time() * 1000)
        self._sampled = current_rss()
        self._kernel = _reset_kernel_peak()
        if not self._kernel:
            threading.Thread(target=self._sample, daemon=True, name="relix-peak-rss").start()

    def _sample(self) -> None:
        while True:
            time.sleep(0.1)
            self._sampled = max(self._sampled, current_rss())

    def current(self) -> int:
        return current_rss()

    def peak(self) -> int:
        now = current_rss()
        return max(_kernel_peak(), now) if self._kernel else max(self._sampled, now)

    def since_ms(self) -> int:
        return self._since_ms

    def reset(self) -> None:
        """A new window, so a run reports its own peak, not the start-up's."""
        self._kernel = _reset_kernel_peak() and self._kernel
        self._sampled = current_rss()
        self._since_ms = int(time.time() * 1000)
