package main

import (
	"net"
	"strconv"
	"strings"
)

// splitTarget checks that --target is HOST:PORT and returns the host.
func splitTarget(target string) (string, error) {
	host, port, err := net.SplitHostPort(target)
	if err != nil {
		return "", usagef("--target must be HOST:PORT ([::1]:PORT for IPv6), not %q: %v", target, err)
	}
	if host == "" {
		return "", usagef("--target %q has no host", target)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return "", usagef("--target %q: port must be a number from 1 to 65535", target)
	}
	return host, nil
}

// checkTargetHost refuses a target off this machine unless it was named in --allow-hosts. A load
// generator pointed at the wrong address is an attack on someone else's server, so reaching past
// the loopback needs the host to be spelled out a second time.
func checkTargetHost(host string, allowed []string) error {
	for _, a := range allowed {
		if strings.EqualFold(a, host) {
			return nil
		}
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return usagef("--target host %q is not a loopback address (127.0.0.0/8, ::1, localhost); name it in --allow-hosts to load it anyway", host)
}
