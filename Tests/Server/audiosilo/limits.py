"""Rate limits per client IP, as the real server applies them:
a token bucket over all requests (default 20/s, burst 40) and a cap of 10
failed logins or code redemptions per 15 minutes."""

import collections
import math
import threading
import time

FAILURE_WINDOW = 15 * 60
MAX_FAILURES = 10


class RateLimiter:
    def __init__(self, rate=20.0, burst=40):
        self.lock = threading.Lock()
        self.configure(rate, burst)

    def configure(self, rate, burst):
        """Also forgets every bucket and failure: used by the control port."""
        with self.lock:
            self.rate = float(rate)
            self.burst = float(burst)
            self.buckets = {}  # ip -> (tokens, last refill time)
            self.failures = collections.defaultdict(collections.deque)  # ip -> times

    def take(self, ip):
        """None if the request may proceed, else the Retry-After seconds."""
        with self.lock:
            t = time.monotonic()
            tokens, last = self.buckets.get(ip, (self.burst, t))
            tokens = min(self.burst, tokens + (t - last) * self.rate)
            if tokens >= 1:
                self.buckets[ip] = (tokens - 1, t)
                return None
            self.buckets[ip] = (tokens, t)
            wait = (1 - tokens) / self.rate if self.rate > 0 else 60
            return max(1, math.ceil(wait))

    def _prune(self, ip, t):
        times = self.failures[ip]
        while times and times[0] <= t - FAILURE_WINDOW:
            times.popleft()
        return times

    def login_blocked(self, ip):
        """Retry-After seconds while the IP has used up its failed attempts."""
        with self.lock:
            t = time.monotonic()
            times = self._prune(ip, t)
            if len(times) >= MAX_FAILURES:
                return max(1, math.ceil(times[0] + FAILURE_WINDOW - t))
            return None

    def note_failure(self, ip):
        with self.lock:
            self._prune(ip, time.monotonic()).append(time.monotonic())
