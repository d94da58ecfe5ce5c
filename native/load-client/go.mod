module relix/native/load-client

go 1.19

require golang.org/x/net v0.17.0

require golang.org/x/text v0.13.0 // indirect
