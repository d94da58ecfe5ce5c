package relix.common.repository;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import relix.common.domain.Item;

/**
 * The items table over plain JDBC and a pooled DataSource (HikariCP in both stacks), reading what
 * the Node services' seed wrote (packages/io/src/data/mysql-schema.ts). tags and dims are JSON
 * columns: text on MariaDB (LONGTEXT) and on MySQL 8 through the JDBC driver alike.
 */
public final class JdbcItemStore implements ItemStore {
  private static final String COLUMNS = "id, name, price, tags, created_at, dims, weight";
  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
  private static final TypeReference<List<Double>> NUMBERS = new TypeReference<>() {};

  private final DataSource dataSource;
  private final ObjectMapper json;
  /** JDBC counts statement timeouts in whole seconds; the driver's socket timeout holds the exact bound. */
  private final int queryTimeoutSeconds;

  public JdbcItemStore(DataSource dataSource, ObjectMapper json, int queryTimeoutMs) {
    this.dataSource = dataSource;
    this.json = json;
    this.queryTimeoutSeconds = Math.max(1, (queryTimeoutMs + 999) / 1000);
  }

  @Override
  public Item getItem(long id) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement = connection.prepareStatement("SELECT " + COLUMNS + " FROM items WHERE id = ?")) {
      statement.setQueryTimeout(queryTimeoutSeconds);
      statement.setLong(1, id);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next() ? toItem(rows) : null;
      }
    }
  }

  @Override
  public List<Item> listItems(int limit) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement =
            connection.prepareStatement("SELECT " + COLUMNS + " FROM items ORDER BY id LIMIT ?")) {
      statement.setQueryTimeout(queryTimeoutSeconds);
      statement.setInt(1, limit);
      try (ResultSet rows = statement.executeQuery()) {
        List<Item> items = new ArrayList<>(limit);
        while (rows.next()) items.add(toItem(rows));
        return items;
      }
    }
  }

  @Override
  public void ping() throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement = connection.prepareStatement("SELECT 1")) {
      statement.setQueryTimeout(1);
      statement.executeQuery().close();
    }
  }

  private Item toItem(ResultSet row) throws SQLException {
    try {
      return new Item(
          row.getLong("id"),
          row.getString("name"),
          // DECIMAL(10,2): the nearest double, as JavaScript's Number("47.76") gives.
          row.getBigDecimal("price").doubleValue(),
          json.readValue(row.getString("tags"), STRINGS),
          row.getLong("created_at"),
          json.readValue(row.getString("dims"), NUMBERS),
          row.getDouble("weight"));
    } catch (com.fasterxml.jackson.core.JsonProcessingException badColumn) {
      throw new SQLException("items row " + row.getLong("id") + " holds JSON that does not parse", badColumn);
    }
  }
}
