/*
 * The HTTP ceiling convertd is measured against: a bare libmicrohttpd server that collects a
 * POST body and sends it back, configured as convertd configures its daemon (internal polling
 * thread, epoll, a thread pool, 32 KiB of connection memory).
 *
 *   cc -O2 -o echo echo.c $(pkg-config --cflags --libs libmicrohttpd)
 *   ./echo PORT THREADS
 */
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One request's body, grown as chunks arrive. */
struct body {
    char *bytes;
    size_t count;
    size_t capacity;
};

static enum MHD_Result access_handler(void *context, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *data,
                                      size_t *size, void **state) {
    (void)context; (void)url; (void)method; (void)version;
    struct body *body = *state;
    if (body == NULL) {
        body = calloc(1, sizeof *body);
        if (body == NULL) return MHD_NO;
        *state = body;
        return MHD_YES;
    }
    if (*size > 0) {
        if (body->count + *size > body->capacity) {
            size_t capacity = body->capacity ? body->capacity * 2 : 4096;
            while (capacity < body->count + *size) capacity *= 2;
            char *grown = realloc(body->bytes, capacity);
            if (grown == NULL) return MHD_NO;
            body->bytes = grown;
            body->capacity = capacity;
        }
        memcpy(body->bytes + body->count, data, *size);
        body->count += *size;
        *size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(body->count, body->bytes, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

static void completed(void *context, struct MHD_Connection *connection, void **state,
                      enum MHD_RequestTerminationCode code) {
    (void)context; (void)connection; (void)code;
    struct body *body = *state;
    if (body != NULL) {
        free(body->bytes);
        free(body);
        *state = NULL;
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s PORT THREADS\n", argv[0]);
        return 2;
    }
    unsigned int port = (unsigned int)atoi(argv[1]);
    unsigned int threads = (unsigned int)atoi(argv[2]);
    /* Blocked before the daemon's threads start, so they inherit the mask and main takes them. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port, NULL, NULL, access_handler, NULL,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "echo: cannot listen on port %u\n", port);
        return 1;
    }
    printf("echo listening port=%u threads=%u\n", port, threads);
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
