module relix/caller-codecs

// 1.19 is Debian 12's Go. protobuf-go v1.34.1 is the newest release that still declares go 1.17
// (v1.34.2 and later need 1.20 or newer).
go 1.19

require google.golang.org/protobuf v1.34.1
