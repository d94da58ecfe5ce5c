package relix.common.repository;

/** How a value is kept in the shared cache: the JSON text the Node services write for it. */
public interface ValueCodec<T> {
  String write(T value) throws Exception;

  T read(String text) throws Exception;
}
