/*
 * The HTTP ceiling convertd is measured against: a bare libmicrohttpd server that collects a
 * POST body and sends it back, configured as convertd configures its daemon (internal polling
 * thread, epoll, a thread pool, 32 KiB of connection memory).
 *
 * With `own-accept`, it also places connections as convertd does: its own thread accepts them
 * and hands each to the daemon with MHD_add_connection, which spreads them evenly over the pool
 * (by socket number). Without it, libmicrohttpd accepts: whichever worker wakes first takes the
 * connection, so on a machine shared with the load generator one worker may hold most of them.
 *
 *   cc -O2 -o echo echo.c $(pkg-config --cflags --libs libmicrohttpd)
 *   ./echo PORT THREADS [own-accept]
 */
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
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

/* The listening socket and the daemon its accepted connections go to, for `own-accept`. */
struct acceptor {
    int listener;
    struct MHD_Daemon *daemon;
};

static void *accept_loop(void *context) {
    struct acceptor *acceptor = context;
    for (;;) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        int client = accept(acceptor->listener, (struct sockaddr *)&peer, &length);
        if (client >= 0) MHD_add_connection(acceptor->daemon, client, (struct sockaddr *)&peer, length);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int own_accept = argc == 4 && strcmp(argv[3], "own-accept") == 0;
    if (argc != 3 && !own_accept) {
        fprintf(stderr, "usage: %s PORT THREADS [own-accept]\n", argv[0]);
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
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | (own_accept ? MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC : 0),
        own_accept ? 0 : (uint16_t)port, NULL, NULL, access_handler, NULL,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "echo: cannot listen on port %u\n", port);
        return 1;
    }
    if (own_accept) {
        struct acceptor *acceptor = malloc(sizeof *acceptor);
        struct sockaddr_in address = {0};
        int on = 1;
        address.sin_family = AF_INET;
        address.sin_port = htons((uint16_t)port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        acceptor->daemon = daemon;
        acceptor->listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        setsockopt(acceptor->listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        pthread_t thread;
        if (acceptor->listener < 0 || bind(acceptor->listener, (struct sockaddr *)&address, sizeof address) != 0
            || listen(acceptor->listener, 1024) != 0 || pthread_create(&thread, NULL, accept_loop, acceptor) != 0) {
            fprintf(stderr, "echo: cannot listen on port %u\n", port);
            return 1;
        }
    }
    printf("echo listening port=%u threads=%u%s\n", port, threads, own_accept ? " (own accept)" : "");
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
