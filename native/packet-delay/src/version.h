/* Recorded beside every packet placement as the emulator's version. */
#ifndef PACKET_DELAY_VERSION_H
#define PACKET_DELAY_VERSION_H
#define PACKET_DELAY_VERSION "1.0.0"
#endif
